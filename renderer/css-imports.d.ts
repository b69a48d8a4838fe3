// The renderer imports its stylesheet for the side effect Vite bundles, and the typecheck checks
// that a side-effect import names a module. This declares only that; not vite/client, whose
// globals (import.meta.env and .hot, asset imports) would reach main/ and the relay too, since
// the whole repository is one TypeScript program.
declare module '*.css' {}
