/** What an Invalid Params error says about the offending field and the values it permits. */
export interface ParamDetails {
  fields: string[];
  permitted?: string[];
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.length > 0 ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))) : undefined;
}

function fromIssue(issue: unknown, out: ParamDetails): void {
  if (typeof issue !== 'object' || issue === null) return;
  const i = issue as Record<string, unknown>;
  // zod issues ({path: [...], options|values}), ajv errors ({instancePath, params.allowedValues}), or {field, allowed}.
  if (Array.isArray(i.path) && i.path.length > 0) out.fields.push(i.path.join('.'));
  else if (typeof i.instancePath === 'string' && i.instancePath !== '')
    out.fields.push(i.instancePath.replace(/^\//, '').replace(/\//g, '.'));
  for (const key of ['field', 'param', 'parameter', 'property', 'argument']) {
    if (typeof i[key] === 'string') out.fields.push(i[key] as string);
  }
  const params = i.params as Record<string, unknown> | undefined;
  out.permitted ??=
    strings(i.options) ??
    strings(i.values) ??
    strings(i.allowed) ??
    strings(i.allowedValues) ??
    strings(i.permitted) ??
    strings(i.enum) ??
    strings(params?.allowedValues);
}

function embeddedJson(message: string): unknown {
  const start = message.search(/[[{]/);
  if (start < 0) return undefined;
  try {
    return JSON.parse(message.slice(start));
  } catch {
    return undefined;
  }
}

const FIELD = /\b(?:field|property|parameter|param|argument|key)\s+[`'"]?([A-Za-z_$][\w.$[\]-]*)/i;
const QUOTED_FIELD = /[`'"]([A-Za-z_$][\w.$]*)[`'"]\s*(?:is required|is missing|must|should|expected|is invalid)/i;
const PERMITTED =
  /(?:one of|allowed values?(?: are)?|permitted(?: values)?(?: are)?|valid values(?: are)?|expected)\s*:?\s*\[?([^\]\n;]+)/i;

export function paramDetails(message: string, data: unknown): ParamDetails {
  const out: ParamDetails = { fields: [] };
  for (const source of [data, embeddedJson(message)]) {
    if (Array.isArray(source)) source.forEach((issue) => fromIssue(issue, out));
    else if (typeof source === 'object' && source !== null) {
      fromIssue(source, out);
      const nested = (source as Record<string, unknown>).errors ?? (source as Record<string, unknown>).issues;
      if (Array.isArray(nested)) nested.forEach((issue) => fromIssue(issue, out));
    }
  }
  if (out.fields.length === 0) {
    const m = FIELD.exec(message) ?? QUOTED_FIELD.exec(message);
    if (m) out.fields.push(m[1]);
  }
  if (!out.permitted) {
    const m = PERMITTED.exec(message);
    const list = m?.[1]
      .split(/,\s*|\s+or\s+|\s*\|\s*/)
      .map((s) => s.trim().replace(/^["'`]|["'`.]$/g, ''))
      .filter((s) => s !== '');
    if (list && list.length > 1) out.permitted = list;
  }
  out.fields = [...new Set(out.fields)];
  return out;
}
