/**
 * Parses a notification body as the relay serves it: the exact signed bytes, which may begin with
 * a UTF-8 byte order mark that JSON.parse refuses. The mark belongs to the signature, not the data.
 */
export const parseJsonBody = (text: string): unknown =>
  JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
