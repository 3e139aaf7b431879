/** A listener's port is taken: one line that names the setting to change, instead of an EADDRINUSE stack. */
export class ListenerPortError extends Error {
  constructor(
    readonly port: number,
    readonly setting: string,
  ) {
    super(`Port ${port} is already in use; set ${setting} to another port (0 picks a free one).`);
    this.name = 'ListenerPortError';
  }
}

/** True for the error Node raises when a listen() port is taken. */
export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}
