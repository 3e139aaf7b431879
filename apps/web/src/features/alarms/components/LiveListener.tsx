import type { LiveEvent } from '@fleet/contracts';
import { useLiveEvents } from '../../../shared/live/use-live';

/**
 * Subscribes to one live event type while mounted. Rendered only while a notification switch is on,
 * so turning it off also unsubscribes (SPEC 4 "Notifications").
 */
export function LiveListener<T extends 'AL' | 'OL'>({
  type,
  onEvent,
}: {
  type: T;
  onEvent: (event: Extract<LiveEvent, { type: T }>) => void;
}) {
  useLiveEvents(type, onEvent);
  return null;
}
