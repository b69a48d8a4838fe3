/**
 * The publisher's Ed25519 public keys (raw, base64url) the app trusts for updates: the current
 * key and the next one, so a key can be rotated without stranding the installed base (docs/operations.md,
 * "Publishing an update"). Their private halves live only in the build machine's secret store.
 * These two are placeholders like the feed URL in electron-builder.yml: their private halves were
 * never kept, so an operator generates their own (`npm run update-key`) before the first release.
 */
export const PUBLISHER_KEYS: readonly string[] = [
  'vr51WSyLVooefw5BfzGwnoryKBi9O86kNMuvj26086k',
  '1UQHUBVDnLbBAFFOBRSBCfazBs7C9PahZBr6RpcMcy0',
];
