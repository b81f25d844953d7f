import type { Probe } from '../probe';
import { getStreamProbe } from './getStream';
import { headersProbe } from './headers';
import { hostProbe } from './host';
import { originProbe } from './origin';
import { resumeProbe } from './resume';
import { sessionProbe } from './session';

/** The Streamable HTTP probes (DESIGN.md §9): each skips over stdio, saying why. */
export const HTTP_PROBES: readonly Probe[] = [sessionProbe, originProbe, hostProbe, headersProbe, getStreamProbe, resumeProbe];
