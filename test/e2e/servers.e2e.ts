// The main job, as a person does it: open the example workspace, open MCP Lens, start the
// "weather" server from its row, see it running with its tools, use the palette.
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { succeeded, UI_TIMEOUT } from './workbench';

const example = join(root, 'examples', 'workspace');

export const tests: E2eTest[] = [
  {
    name: 'start weather from the Servers view',
    workspace: example,
    // Its screenshot is the README's picture of the Servers view: a window of its own.
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const weather = await wb.waitForRow(/weather/);
      await wb.waitForRow(/chatty/);
      await wb.row(/weather.*stopped/).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('servers-view');

      await wb.clickInlineAction(weather, 'Start Server');
      const running = wb.row(/weather.*(modern|legacy) \d{4}-\d\d-\d\d/);
      await running.waitFor({ timeout: UI_TIMEOUT });
      await wb.expand(running);
      for (const tool of ['get_forecast', 'convert_temperature', 'get_air_quality']) await wb.waitForRow(tool);
      await wb.shot('weather-running-with-tools');

      // weather declares dev.debug, so it starts under the debugger, whose Debug Console can take
      // the panel a moment after Show Log: a person runs Show Log again, and so does this.
      const log = wb.page.locator('.part.panel').filter({ hasText: /weather/ });
      const deadline = Date.now() + UI_TIMEOUT;
      for (;;) {
        await wb.runCommand('MCP Lens: Show Log');
        if (await succeeded(log.waitFor({ timeout: 5_000 }))) break;
        if (Date.now() > deadline) throw new Error('Show Log never showed the log in the panel');
      }
      await wb.shot('log');

      await wb.runCommand('MCP Lens: Stop Server');
      await wb.row(/weather.*stopped/).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('weather-stopped');
    },
  },
  {
    name: 'start a server from the palette',
    workspace: example,
    window: 'example',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/chatty/);
      await wb.runCommand('MCP Lens: Start Server');
      // Three servers can start: the palette asks which.
      const pick = wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'chatty' }).first();
      await pick.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('pick-server');
      await pick.click();
      // chatty misbehaves on stdout but serves: it runs, as a legacy server (it has no server/discover).
      await wb.row(/chatty.*legacy 2025-11-25/).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('chatty-started');
    },
  },
];
