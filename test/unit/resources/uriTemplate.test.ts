import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldValue, parseUriTemplate, variableSyntax } from '../../../src/core/resources/uriTemplate';

// The variables and expansions of RFC 6570 §1.2 (one example per level and operator).
const VALUES = {
  var: 'value',
  hello: 'Hello World!',
  path: '/foo/bar',
  x: '1024',
  y: '768',
  empty: '',
  list: ['red', 'green', 'blue'],
};

const CASES: [level: number, template: string, expanded: string][] = [
  [1, '{var}', 'value'],
  [1, '{hello}', 'Hello%20World%21'],
  [2, '{+var}', 'value'],
  [2, '{+hello}', 'Hello%20World!'],
  [2, '{+path}/here', '/foo/bar/here'],
  [2, 'X{#var}', 'X#value'],
  [3, 'map?{x,y}', 'map?1024,768'],
  [3, '{+x,hello,y}', '1024,Hello%20World!,768'],
  [3, '{#x,hello,y}', '#1024,Hello%20World!,768'],
  [3, 'X{.var}', 'X.value'],
  [3, '{/var,x}/here', '/value/1024/here'],
  [3, '{;x,y,empty}', ';x=1024;y=768;empty'],
  [3, '{?x,y,empty}', '?x=1024&y=768&empty='],
  [3, '?fixed=yes{&x}', '?fixed=yes&x=1024'],
  [4, '{var:3}', 'val'],
  [4, '{list}', 'red,green,blue'],
  [4, '{list*}', 'red,green,blue'],
  [4, '{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  [4, '{?list*}', '?list=red&list=green&list=blue'],
  [4, '{;list*}', ';list=red;list=green;list=blue'],
  [4, '{.list*}', '.red.green.blue'],
];

for (const [level, template, expanded] of CASES) {
  test(`RFC 6570 level ${level}: ${template} → ${expanded}`, () => {
    assert.equal(parseUriTemplate(template).expand(VALUES), expanded);
  });
}

test('variables come out once each, in order, with operator, explode and prefix', () => {
  const t = parseUriTemplate('file:///{+path}{?q,lang}{#frag*}{/seg:3}{?q}');
  assert.deepEqual(t.variables, [
    { name: 'path', operator: '+', explode: false },
    { name: 'q', operator: '?', explode: false },
    { name: 'lang', operator: '?', explode: false },
    { name: 'frag', operator: '#', explode: true },
    { name: 'seg', operator: '/', explode: false, prefix: 3 },
  ]);
  assert.deepEqual(t.variables.map(variableSyntax), ['{+path}', '{?q}', '{?lang}', '{#frag*}', '{/seg:3}']);
});

test('an undefined variable and an empty list are left out, as the RFC says', () => {
  const t = parseUriTemplate('demo://x{?a,b}');
  assert.equal(t.expand({ a: undefined, b: [] }), 'demo://x');
  assert.equal(t.expand({ a: 'one' }), 'demo://x?a=one');
});

test('a field: empty is undefined, an exploded variable takes a comma-separated list', () => {
  const [plain, exploded] = parseUriTemplate('{a}{/b*}').variables;
  assert.equal(fieldValue(plain!, ''), undefined);
  assert.equal(fieldValue(plain!, 'x,y'), 'x,y');
  assert.deepEqual(fieldValue(exploded!, 'x, y,,z'), ['x', 'y', 'z']);
});

test('a malformed template throws', () => {
  assert.throws(() => parseUriTemplate('demo://{unclosed'));
  assert.throws(() => parseUriTemplate('demo://{!bad}'));
});

test('server-everything\'s templates have one variable each', () => {
  assert.deepEqual(parseUriTemplate('demo://resource/dynamic/text/{resourceId}').variables.map((v) => v.name), ['resourceId']);
  assert.equal(parseUriTemplate('demo://resource/dynamic/text/{resourceId}').expand({ resourceId: '3' }), 'demo://resource/dynamic/text/3');
});
