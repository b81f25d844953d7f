// Writes schemas/mcpeval.schema.json from the eval file's zod schema (src/core/eval/evalFile.ts).
import { writeFileSync } from 'node:fs';
import { evalFileJsonSchema } from '../src/core/eval/evalFileJsonSchema';

writeFileSync(new URL('../schemas/mcpeval.schema.json', import.meta.url), `${JSON.stringify(evalFileJsonSchema(), null, 2)}\n`);
