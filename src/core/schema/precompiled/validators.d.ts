import type { ValidateFunction } from 'ajv';

type Validators = () => Record<string, ValidateFunction>;

/**
 * The official schemas' validators precompiled by scripts/precompileSchemas.ts (into the
 * git-ignored validators.js next to this file): protocol version → functions returning that
 * version's validators by officialSchema.ts's cache key (`q:tools/list`, `r:initialize`, `e`, …),
 * `first` those of FIRST_KEYS only (small: quick to evaluate), `all` every precompiled one.
 */
export declare const precompiled: Record<string, { first: Validators; all: Validators } | undefined>;
