import { demoFilePath } from '../demo/demo-file.store';
import { seedDemo } from '../demo/demo-seed.service';
import type { CommandDefinition } from './command.definition';

export const seedDemoCommand: CommandDefinition<void> = {
  verb: 'seed:demo',
  usage: 'seed:demo [--json]',
  options: {},
  parse: () => undefined,
  async run({ dataSource, config, log }) {
    const demoFile = demoFilePath(config.DEMO_FILE);
    const demo = await seedDemo(dataSource, {
      apiUrl: config.PUBLIC_API_URL,
      authUrl: config.PUBLIC_AUTH_URL,
      mcpUrl: config.PUBLIC_MCP_URL,
      demoFile,
      log,
    });
    const human = [
      `Demo ready (credentials written to ${demoFile}):`,
      ...demo.users.map((u) => `  ${u.email} (${u.role})  password ${u.password}  api key ${u.api_key}`),
      `  API ${demo.api_url}  auth ${demo.auth_url}  MCP ${demo.mcp_url}`,
    ].join('\n');
    return { json: demo, human };
  },
};
