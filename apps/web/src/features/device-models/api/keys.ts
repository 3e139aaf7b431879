import { deviceKeys } from '../../devices/api/keys';

/**
 * Query keys of the models page. They live under the devices feature's `models` key so that a saved
 * model also refreshes the model select of the device drawer (and the other way round).
 */
export const modelKeys = {
  all: deviceKeys.models(),
  list: (query: object) => [...deviceKeys.models(), 'page', query] as const,
};
