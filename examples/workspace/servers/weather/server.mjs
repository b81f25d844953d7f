#!/usr/bin/env node
// An example MCP server over stdio with no dependencies: one JSON-RPC message per line on
// stdin/stdout, logs on stderr only. It speaks both eras: MCP 2026-07-28 (`server/discover`,
// `_meta` on every request, `resultType` on every result) and the legacy `initialize`
// handshake (2024-11-05 … 2025-11-25). The weather is made up, so it runs offline.
import { createInterface } from 'node:readline';

const SERVER_INFO = { name: 'example-weather', version: '1.0.0' };
const MODERN = '2026-07-28';
const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const META = 'io.modelcontextprotocol/';

const CITIES = {
  amsterdam: { name: 'Amsterdam', tempC: 11, sky: ['rain', 'cloudy', 'sunny'] },
  berlin: { name: 'Berlin', tempC: 9, sky: ['cloudy', 'sunny', 'snow'] },
  lisbon: { name: 'Lisbon', tempC: 19, sky: ['sunny', 'sunny', 'cloudy'] },
  tokyo: { name: 'Tokyo', tempC: 16, sky: ['sunny', 'rain', 'cloudy'] },
};
const UNITS = ['celsius', 'fahrenheit', 'kelvin'];
const DETAILS = ['precipitation', 'wind', 'uv'];
const RAIN_CHANCE = { sunny: 5, cloudy: 40, rain: 80, snow: 70 };
const UV_INDEX = { sunny: 6, cloudy: 3, rain: 1, snow: 2 };

const tools = [
  {
    name: 'get_forecast',
    description: 'Daily forecast for a city (Amsterdam, Berlin, Lisbon or Tokyo).',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3, description: 'Number of days' },
        units: { type: 'string', enum: UNITS, default: 'celsius' },
        include: {
          type: 'array',
          description: 'Extra details for each day',
          items: { type: 'string', enum: DETAILS },
          uniqueItems: true,
        },
        alert: {
          type: 'object',
          description: 'Flag the days whose temperature leaves this range',
          properties: {
            above_c: { type: 'number', minimum: -60, maximum: 60, description: 'Flag days warmer than this (°C)' },
            below_c: { type: 'number', minimum: -60, maximum: 60, description: 'Flag days colder than this (°C)' },
          },
          additionalProperties: false,
        },
      },
      required: ['city'],
      additionalProperties: false,
    },
  },
  {
    name: 'convert_temperature',
    description: 'Convert a temperature between celsius, fahrenheit and kelvin.',
    inputSchema: {
      type: 'object',
      properties: {
        value: { type: 'number' },
        from: { type: 'string', enum: UNITS },
        to: { type: 'string', enum: UNITS },
      },
      required: ['value', 'from', 'to'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { value: { type: 'number' }, units: { type: 'string' } },
      required: ['value', 'units'],
    },
  },
  {
    name: 'get_air_quality',
    description: 'Air-quality index for a city. Unknown cities give a tool error (isError), not a protocol error.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
];

function convert(value, from, to) {
  const celsius = from === 'fahrenheit' ? ((value - 32) * 5) / 9 : from === 'kelvin' ? value - 273.15 : value;
  const out = to === 'fahrenheit' ? (celsius * 9) / 5 + 32 : to === 'kelvin' ? celsius + 273.15 : celsius;
  return Math.round(out * 100) / 100;
}

const text = (t) => ({ content: [{ type: 'text', text: t }] });
// A tool that ran and failed answers with isError: the model reads it and can correct itself.
const toolError = (t) => ({ ...text(t), isError: true });
const unknownCity = (city) => toolError(`Unknown city "${city}". Try one of: ${Object.values(CITIES).map((c) => c.name).join(', ')}.`);

const handlers = {
  get_forecast({ city, days = 3, units = 'celsius', include = [], alert = {} }) {
    const known = CITIES[String(city).toLowerCase()];
    if (!known) return unknownCity(city);
    const lines = [];
    for (let day = 0; day < days; day++) {
      const tempC = known.tempC + ((day * 3) % 5) - 2;
      const sky = known.sky[day % known.sky.length];
      const extras = include.map((d) => (d === 'precipitation' ? `${RAIN_CHANCE[sky]}% rain` : d === 'wind' ? `wind ${8 + ((day * 7) % 20)} km/h` : `UV ${UV_INDEX[sky]}`));
      if (alert.above_c !== undefined && tempC > alert.above_c) extras.push(`⚠ warmer than ${alert.above_c}°C`);
      if (alert.below_c !== undefined && tempC < alert.below_c) extras.push(`⚠ colder than ${alert.below_c}°C`);
      lines.push(`Day ${day + 1}: ${sky}, ${convert(tempC, 'celsius', units)}° ${units}${extras.length ? ` (${extras.join(', ')})` : ''}`);
    }
    return text(`${known.name}, ${days} day(s):\n${lines.join('\n')}`);
  },
  convert_temperature({ value, from, to }) {
    const result = convert(value, from, to);
    // 1e308 overflows to Infinity, which JSON writes as null: say so instead of breaking the outputSchema.
    if (!Number.isFinite(result)) return toolError(`${value}° ${from} is out of range: its ${to} value is not a finite number.`);
    return { ...text(`${value}° ${from} = ${result}° ${to}`), structuredContent: { value: result, units: to } };
  },
  get_air_quality({ city }) {
    const known = CITIES[String(city).toLowerCase()];
    if (!known) return unknownCity(city);
    return text(`${known.name}: AQI ${20 + known.tempC * 2} (good)`);
  },
};

/** Checks arguments against the few schema keywords these tools use; returns a reason or null. */
function invalidArguments(schema, args) {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return 'arguments must be an object';
  for (const key of schema.required ?? []) if (!(key in args)) return `missing required argument "${key}"`;
  for (const [key, value] of Object.entries(args)) {
    const rule = schema.properties[key];
    if (!rule) return `unknown argument "${key}"`;
    if (rule.type === 'string' && typeof value !== 'string') return `"${key}" must be a string`;
    if (rule.type === 'number' && typeof value !== 'number') return `"${key}" must be a number`;
    if (rule.type === 'integer' && !Number.isInteger(value)) return `"${key}" must be an integer`;
    if (rule.type === 'array' && !Array.isArray(value)) return `"${key}" must be an array`;
    if (rule.type === 'array' && rule.items?.enum && value.some((v) => !rule.items.enum.includes(v))) return `"${key}" items must be among ${rule.items.enum.join(', ')}`;
    if (rule.type === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value))) return `"${key}" must be an object`;
    if (rule.enum && !rule.enum.includes(value)) return `"${key}" must be one of ${rule.enum.join(', ')}`;
    if (rule.minimum !== undefined && value < rule.minimum) return `"${key}" must be at least ${rule.minimum}`;
    if (rule.maximum !== undefined && value > rule.maximum) return `"${key}" must be at most ${rule.maximum}`;
  }
  return null;
}

class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

let legacyVersion = null; // set by initialize; null means the client speaks 2026-07-28

function modernResult(result, cacheable) {
  const out = { resultType: 'complete', ...result, _meta: { [`${META}serverInfo`]: SERVER_INFO } };
  return cacheable ? { ...out, ttlMs: 60000, cacheScope: 'public' } : out;
}

function handle(method, params = {}) {
  if (method === 'initialize') {
    const requested = params.protocolVersion;
    // "the server MUST respond with the same version" when supported, else another it supports.
    legacyVersion = LEGACY.includes(requested) ? requested : LEGACY[0];
    return {
      protocolVersion: legacyVersion,
      capabilities: { tools: {} },
      serverInfo: SERVER_INFO,
      instructions: 'Use get_forecast for forecasts; temperatures can be converted with convert_temperature.',
    };
  }
  if (method === 'ping') return {};

  const modern = legacyVersion === null;
  if (modern) {
    const version = params._meta?.[`${META}protocolVersion`];
    // "A request missing any required field is malformed; the server MUST reject it with -32602."
    if (version === undefined || params._meta?.[`${META}clientCapabilities`] === undefined) {
      throw new RpcError(-32602, 'Missing _meta: io.modelcontextprotocol/protocolVersion and clientCapabilities are required (or send initialize first)');
    }
    if (version !== MODERN) throw new RpcError(-32022, `Unsupported protocol version ${version}`, { supported: [MODERN], requested: version });
  }
  const wrap = (result, cacheable = false) => (modern ? modernResult(result, cacheable) : result);

  switch (method) {
    case 'server/discover':
      return wrap({
        supportedVersions: [MODERN],
        capabilities: { tools: {} },
        instructions: 'Use get_forecast for forecasts; temperatures can be converted with convert_temperature.',
      }, true);
    case 'tools/list':
      return wrap({ tools }, true);
    case 'tools/call': {
      const tool = tools.find((t) => t.name === params.name);
      // An unknown tool is a protocol error (the client asked for something that does not exist).
      if (!tool) throw new RpcError(-32602, `Unknown tool: ${params.name}`);
      const reason = invalidArguments(tool.inputSchema, params.arguments ?? {});
      if (reason) throw new RpcError(-32602, `Invalid arguments for ${tool.name}: ${reason}`);
      return wrap(handlers[tool.name](params.arguments ?? {}));
    }
    default:
      throw new RpcError(-32601, `Method not found: ${method}`);
  }
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    return;
  }
  if (message.id === undefined) return; // notifications (initialized, cancelled) need no answer
  if (typeof message.method !== 'string') return; // a response: this server sends no requests
  try {
    send({ jsonrpc: '2.0', id: message.id, result: handle(message.method, message.params) });
  } catch (error) {
    const code = error instanceof RpcError ? error.code : -32603;
    send({ jsonrpc: '2.0', id: message.id, error: { code, message: error.message, ...(error.data ? { data: error.data } : {}) } });
  }
});
// "Servers SHOULD exit promptly when their standard input is closed."
input.on('close', () => process.exit(0));
process.stderr.write(`example-weather ${SERVER_INFO.version} ready on stdio (node ${process.version})\n`);
