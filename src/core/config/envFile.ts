/**
 * A dotenv file as `envFile` points to: `KEY=VALUE` lines, `#` comments, optional `export `,
 * single quotes taken literally, double quotes with \n \t \" \\ escapes and multiple lines.
 */
export interface EnvFileResult {
  env: Record<string, string>;
  problems: { line: number; message: string }[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function parseEnvFile(text: string): EnvFileResult {
  const env: Record<string, string> = {};
  const problems: { line: number; message: string }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const body = line.startsWith('export ') ? line.slice(7).trimStart() : line;
    const eq = body.indexOf('=');
    if (eq <= 0) {
      problems.push({ line: lineNo, message: `expected KEY=VALUE, found "${line}"` });
      continue;
    }
    const key = body.slice(0, eq).trim();
    if (!KEY.test(key)) {
      problems.push({ line: lineNo, message: `"${key}" is not a valid variable name` });
      continue;
    }
    let rest = body.slice(eq + 1).trimStart();
    const quote = rest[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      // A quoted value may continue on the following lines until its closing quote.
      let closing = findClosing(rest, quote);
      while (closing < 0 && i + 1 < lines.length) {
        rest += '\n' + lines[++i];
        closing = findClosing(rest, quote);
      }
      if (closing < 0) {
        problems.push({ line: lineNo, message: `unterminated ${quote} quote in the value of ${key}` });
        continue;
      }
      const inner = rest.slice(1, closing);
      env[key] = quote === '"' ? unescapeDouble(inner) : inner;
    } else {
      // Unquoted: an inline comment starts at " #".
      const hash = rest.search(/\s#/);
      env[key] = (hash >= 0 ? rest.slice(0, hash) : rest).trim();
    }
  }
  return { env, problems };
}

function findClosing(text: string, quote: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\' && quote === '"') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

function unescapeDouble(text: string): string {
  return text.replace(/\\([nrt"\\])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' })[c] ?? c);
}
