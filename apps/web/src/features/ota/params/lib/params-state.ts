import {
  formatServerMessage,
  type GatewayParams,
  gatewayParams,
  isServerMessageKey,
  type MessageLanguage,
  paramVersionProblem,
} from '@fleet/contracts';

/** A path into the document: 'mqtt.port', 'channels.0.heartbeat_packet.content'. */
export type ParamPath = string;

export function getIn(value: unknown, path: ParamPath): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

/** A copy of `value` with `path` set (arrays stay arrays); the rest is shared. */
export function setIn<T>(value: T, path: ParamPath, next: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return value;
  const node = value as unknown as Record<string, unknown> | unknown[];
  const child =
    rest.length === 0 ? next : setIn((node as Record<string, unknown>)[head], rest.join('.'), next);
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(head)] = child;
    return copy as unknown as T;
  }
  return { ...node, [head]: child } as T;
}

/**
 * Every rule that fails (SPEC 5, the contract's schema, and the version above the one the gateway
 * runs), by path: the first message key of each path. An empty map: the document can be saved.
 */
export function validateGatewayParams(
  value: GatewayParams,
  currentVersion: number | null,
): Map<ParamPath, string> {
  const problems = new Map<ParamPath, string>();
  const result = gatewayParams.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!problems.has(path)) problems.set(path, issue.message);
    }
  }
  const version = paramVersionProblem(value.param_version, currentVersion);
  if (version && !problems.has('param_version')) problems.set('param_version', version);
  return problems;
}

function asLanguage(language: string | undefined): MessageLanguage {
  const short = (language ?? '').slice(0, 2);
  return short === 'en' || short === 'es' ? short : 'zh';
}

/** A rule's text in the user's language (gatewayParams.* keys); anything else is `fallback`. */
export function ruleText(key: string, language: string | undefined, fallback: string): string {
  return isServerMessageKey(key) ? formatServerMessage(key, {}, asLanguage(language)) : fallback;
}
