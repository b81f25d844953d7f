/**
 * What each package may weigh, in bytes. Measured on 2026-12-03; each has room for growth,
 * not for a second copy of anything (the tokenizer's rank tables, ~1 MiB compressed, are the
 * largest part of both).
 */

/**
 * `npm pack` of the CLI: 1.8 MB from a production build (`prepack`), 2.2 MB from the
 * unminified one `npm run build` makes, which is what the unit stage packs.
 */
export const TARBALL_MAX_BYTES = 2.5 * 1024 * 1024;

/**
 * The VSIX `npm run package` makes (production build): 3,287,912 bytes (3.14 MiB) with the
 * tokenizer once, in dist/tokenizer.js, which the extension and the CLI both require.
 */
export const VSIX_MAX_BYTES = 3.25 * 1024 * 1024;
