// The shared palette, so every symbol reads the same: light grey bodies, dark grey outlines, and one
// neutral "state" grey that bindings replace with a state colour.
export const BODY = 'fill="#d9d9d9" stroke="#595959" stroke-width="2"';
export const LINE = 'fill="none" stroke="#595959" stroke-width="2"';
export const THIN = 'fill="none" stroke="#8c8c8c" stroke-width="1.5"';
export const STATE = 'id="state" fill="#bfbfbf" stroke="#595959" stroke-width="2"';
export const LEVEL = 'id="level" fill="#a6b4c2"';
export const TEXT = 'fill="#404040" font-family="sans-serif" text-anchor="middle"';

export const names = (zh: string, en: string, es: string) => ({ zh, en, es });
export const anchor = (id: string, x: number, y: number) => ({ id, x, y });
/** Inlet on the left and outlet on the right at mid-height: the common case. */
export const inOut = (y = 0.5) => [anchor('in', 0, y), anchor('out', 1, y)];
