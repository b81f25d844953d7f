/**
 * The Skill entry of the MCP Skills extension as a zod schema, written from the spec's own
 * TypeScript (ext-skills specification/stable/skills.mdx, "Skill Entries"), not from an SDK:
 *
 *   interface SkillResource { uri: string; digest: string; size: number }
 *   interface Skill { uri: string; frontmatter: { name: string; description: string; [key: string]: unknown };
 *                     resources: SkillResource[] | "dynamic" }
 *   interface ListSkillsResult extends PaginatedResult, CacheableResult { skills: Skill[] }
 *   interface GetSkillResult extends CacheableResult { skill: Skill }
 *
 * `ttlMs`/`cacheScope` (CacheableResult) are left to the caching-hint-invalid rule, which judges
 * them on every cacheable 2026-07-28 result alike.
 */
import * as z from 'zod';

/** "formatted as `sha256:{hex}` where {hex} is 64 lowercase hexadecimal characters" (Integrity and Verification). */
export const DIGEST = /^sha256:[0-9a-f]{64}$/;

export const SkillResourceSchema = z.looseObject({
  uri: z.string().min(1),
  digest: z.string().regex(DIGEST, 'is not sha256: and 64 lowercase hexadecimal characters'),
  /** "the length in bytes of the file's raw content (the same bytes the digest covers)". */
  size: z.number().int('is not a non-negative integer').min(0, 'is not a non-negative integer'),
});

export const SkillResourcesArraySchema = z.array(SkillResourceSchema);

export const SkillSchema = z.looseObject({
  /** "Resource URI of the skill's SKILL.md, readable via resources/read." */
  uri: z.string().min(1),
  /** "`name` and `description` are always present; every other field the author wrote passes through unchanged." */
  frontmatter: z.looseObject({ name: z.string().min(1), description: z.string().min(1) }),
  /** "REQUIRED on every skill entry": an array, or the string "dynamic"; "any other value, is invalid". */
  resources: z.union([SkillResourcesArraySchema, z.literal('dynamic')]),
});

export type SkillResource = z.infer<typeof SkillResourceSchema>;
export type Skill = z.infer<typeof SkillSchema>;
