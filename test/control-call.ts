// The sandbox's control API from a test: one JSON call under `base`; a non-2xx answer throws.
export const controlCall = async <T>(
  base: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> => {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
