import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/config');
export const fixture = (...parts: string[]) => path.join(fixtures, ...parts);
