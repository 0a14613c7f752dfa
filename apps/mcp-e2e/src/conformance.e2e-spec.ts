import path from 'node:path';
import { BearerProxy } from './support/bearer-proxy';
import { datedSpecVersions, runServerSuite, type ScenarioResult, serverScenarios, type SuiteRun } from './support/conformance-suite';
import { readExpectedFailures } from './support/expected-failures';
import { authorizeByHand, HeadlessUser } from './support/headless-user';
import { useMcpStack } from './support/mcp-stack';

/**
 * Issue 34, "Conformance in CI": the official MCP conformance suite's server scenarios (suite `active`, each spec
 * version it has server scenarios for) against our MCP server, with a real token from our authorization server.
 * The suite cannot send a token, so it talks to a proxy that adds one. A scenario may fail only if
 * apps/mcp-e2e/conformance-expected-failures.yml lists it (features the server deliberately does not offer),
 * and every scenario listed there must still fail, so the file never outlives the reason for an entry.
 */
const EXPECTED_FAILURES_FILE = path.resolve(__dirname, '..', 'conformance-expected-failures.yml');
// Reading the file checks that every entry gives its reason; the test needs the names only.
const expectedFailures = new Set(readExpectedFailures(EXPECTED_FAILURES_FILE).map(({ scenario }) => scenario));

let token: string | null = null;
const proxy = new BearerProxy({ upstream: () => stack.mcpOrigin, token: () => token });
beforeAll(() => proxy.listen());
afterAll(() => proxy.close());
// The DNS-rebinding scenario sends the Origin of the URL it is given (the proxy's) and expects it served: an
// operator would allow such an origin the same way, with MCP_ALLOWED_ORIGINS. Its foreign Origin stays foreign.
const stack = useMcpStack(() => ({ MCP_ALLOWED_ORIGINS: proxy.origin }));

beforeAll(async () => {
  const workspace = await stack.workspace('Conformance');
  const person = await stack.person(workspace);
  // Something to list, so resources-list checks real entries rather than an empty array.
  await stack.fixtures.conversation(person, { title: 'Conformance sync' });
  const client = await stack.client(person);
  ({ access_token: token } = await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, { scope: 'conversations:read', resource: stack.mcpUrl }));
}, 60_000);

const describeProblems = ({ scenario, problems }: ScenarioResult) =>
  `${scenario}: ${problems.map((check) => `[${check.id}] ${check.status} ${check.errorMessage ?? check.description ?? ''}`.trim()).join('; ')}`;

const summary = (run: SuiteRun) => {
  const width = Math.max(...run.results.map(({ scenario }) => scenario.length));
  const rows = run.results.map(({ scenario, passed }) => {
    const verdict = passed ? (expectedFailures.has(scenario) ? 'PASS (listed as expected failure: stale)' : 'pass') : expectedFailures.has(scenario) ? 'fail (expected)' : 'FAIL';
    return `  ${scenario.padEnd(width)}  ${verdict}`;
  });
  const passed = run.results.filter((result) => result.passed).length;
  return `MCP conformance ${run.specVersion}: ${passed} passed, ${run.results.length - passed} failed of ${run.results.length}\n${rows.join('\n')}\n`;
};

const runs: SuiteRun[] = [];

describe.each(datedSpecVersions(serverScenarios()))('conformance suite, server scenarios of spec %s', (specVersion) => {
  let run: SuiteRun;

  beforeAll(async () => {
    run = await runServerSuite(`${proxy.origin}/mcp`, specVersion);
    runs.push(run);
    process.stdout.write(summary(run));
  }, 120_000);

  it('passes every scenario the expected-failures file does not list', () => {
    const regressions = run.results.filter((result) => !result.passed && !expectedFailures.has(result.scenario)).map(describeProblems);
    if (regressions.length > 0) process.stdout.write(`conformance CLI output (${specVersion}, exit code ${run.exitCode}):\n${run.output}\n`);
    expect(regressions).toEqual([]);
  });

  it(`still fails every scenario the expected-failures file lists (a passing one is stale: remove it from ${path.basename(EXPECTED_FAILURES_FILE)})`, () => {
    const stale = run.results
      .filter((result) => result.passed && expectedFailures.has(result.scenario))
      .map(({ scenario }) => `${scenario} passes now: remove it from ${path.relative(process.cwd(), EXPECTED_FAILURES_FILE)}`);
    expect(stale).toEqual([]);
  });
});

// Declared last, so it runs after the suites: an entry no run has tried could never be found stale.
it('lists in the expected-failures file only scenarios the active suite runs', () => {
  const ran = new Set(runs.flatMap((run) => run.results.map(({ scenario }) => scenario)));
  expect([...expectedFailures].filter((scenario) => !ran.has(scenario))).toEqual([]);
});
