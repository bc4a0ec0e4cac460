/** The SARIF 2.1.0 envelope both `lint --format sarif` and `breaking --format sarif` write: one run by specver. */
export function sarifLog(toolVersion: string, rules: object[], results: object[]): object {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'specver', version: toolVersion, informationUri: 'https://github.com/specver/specver', rules } }, results }],
  };
}
