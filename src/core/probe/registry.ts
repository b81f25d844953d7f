import { completionProbe } from './completion';
import { HTTP_PROBES } from './http';
import { legacyEraProbe } from './legacyEra';
import { loggingProbe } from './logging';
import { cachingProbe, inputRequiredPlacementProbe, resultTypeProbe } from './modernResults';
import { pingProbe } from './ping';
import type { Probe, ProbeId } from './probe';
import { promptsGetProbe } from './promptsGet';
import { resourcesReadProbe } from './resourcesRead';
import { skillsProbe } from './skills';
import { statelessProbe } from './stateless';
import { subscribeProbe } from './subscribe';
import { tasksProbe } from './tasks';
import { unknownResourceProbe } from './unknownResource';

/** Every probe `check` runs by default, in the order it runs them (DESIGN.md §9, docs/probes.md). */
export const PROBES: readonly Probe[] = [
  pingProbe,
  loggingProbe,
  completionProbe,
  resourcesReadProbe,
  unknownResourceProbe,
  skillsProbe,
  promptsGetProbe,
  subscribeProbe,
  resultTypeProbe,
  cachingProbe,
  inputRequiredPlacementProbe,
  legacyEraProbe,
  tasksProbe,
  statelessProbe,
  // Streamable HTTP only (each says why over stdio); after the protocol probes, so a session ended by the session probe's DELETE is never one they need.
  ...HTTP_PROBES,
];

/** The probes `--probes LIST` names, in registry order; an id with no probe here (yet) is left out by the caller's validation. */
export function selectProbes(ids: readonly ProbeId[] | undefined): Probe[] {
  return ids === undefined ? [...PROBES] : PROBES.filter((p) => ids.includes(p.id));
}
