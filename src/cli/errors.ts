// Bad input ends the command with one line on stderr and exit code 2, never a stack trace.
export const EXIT_BAD_INPUT = 2;

export interface CliFailure {
  readonly exitCode: number;
  readonly message: string;
}

export const badInput = (message: string): CliFailure => ({ exitCode: EXIT_BAD_INPUT, message });

export const isCliFailure = (e: unknown): e is CliFailure =>
  typeof e === 'object' && e !== null && 'exitCode' in e && 'message' in e && !(e instanceof Error);
