import { ToolError } from '../errors.ts';

/** Commands that are registered but not built yet say so honestly and exit 3. */
export function notImplemented(command: string): never {
  throw new ToolError(`'${command}' is not implemented yet`, {
    hint: 'this command is planned; see the README for what works today',
  });
}
