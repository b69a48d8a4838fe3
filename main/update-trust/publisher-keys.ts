/**
 * The publisher's Ed25519 public keys (raw, base64url) the app trusts for updates: the current
 * key and the next one, so a key can be rotated without stranding the installed base (docs/operations.md,
 * "Publishing an update"). Their private halves live only in the build machine's secret store.
 * Until a publisher puts their own keys here (`npm run update-key`), these are the placeholders
 * below, and `npm run dist` stops before it builds anything.
 */
export const PUBLISHER_KEYS: readonly string[] = [
  'vr51WSyLVooefw5BfzGwnoryKBi9O86kNMuvj26086k',
  '1UQHUBVDnLbBAFFOBRSBCfazBs7C9PahZBr6RpcMcy0',
];

/**
 * The keys the repository shipped with before any publisher set theirs. Their private halves
 * were never kept, so no one can sign for them; a build that still carries one would ship
 * counters that can never be updated again (or, were a private half ever found, that anyone
 * could update). Kept after they are replaced: the signing step refuses any of them for good.
 */
export const PLACEHOLDER_KEYS: readonly string[] = [
  'vr51WSyLVooefw5BfzGwnoryKBi9O86kNMuvj26086k',
  '1UQHUBVDnLbBAFFOBRSBCfazBs7C9PahZBr6RpcMcy0',
];
