import type { ValidateFunction } from 'ajv';

/**
 * The official schemas' validators precompiled by scripts/precompileSchemas.ts (into the
 * git-ignored validators.js next to this file): protocol version → a function returning that
 * version's validators by officialSchema.ts's cache key (`q:tools/list`, `r:initialize`, `e`, …).
 */
export declare const precompiled: Record<string, (() => Record<string, ValidateFunction>) | undefined>;
