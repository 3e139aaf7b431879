import { thresholdText } from '@fleet/contracts';
import type { EngineTrigger, RaiseDraft } from './alarm-engine.repository.js';

/**
 * What the engine raises for each kind of trigger: the alarm row's type, cause, value, threshold text
 * and message (pure; the engine decides when, alarm-engine.repository writes it).
 */
const pointLabel = (t: EngineTrigger) => t.pointTitle || t.pointName || `point ${t.pointId}`;

export function limitDraft(trigger: EngineTrigger, value: number, at: Date): RaiseDraft {
  const threshold = thresholdText(trigger.optype, { lolmt: trigger.lolmt, uplmt: trigger.uplmt });
  return {
    trigger,
    alarmType: trigger.alarmType,
    cause: 'limit',
    value,
    threshold,
    message: `${pointLabel(trigger)} = ${value} (${threshold})`,
    at,
  };
}

/** A fire code 101-108 reported on the point. */
export function codeDraft(trigger: EngineTrigger, code: number, value: number, at: Date): RaiseDraft {
  return {
    trigger,
    alarmType: code,
    cause: 'code',
    value,
    threshold: '',
    message: `${pointLabel(trigger)} reported code ${code}`,
    at,
  };
}

export function staleDraft(trigger: EngineTrigger, at: Date): RaiseDraft {
  return {
    trigger,
    alarmType: 4,
    cause: 'stale',
    value: null,
    threshold: '',
    message: `no reading of ${pointLabel(trigger)} for ${trigger.staleS} s`,
    at,
  };
}

export function offlineDraft(trigger: EngineTrigger, at: Date): RaiseDraft {
  return {
    trigger,
    alarmType: 4,
    cause: 'offline',
    value: null,
    threshold: '',
    message: trigger.delayS > 0 ? `device offline for ${trigger.delayS} s` : 'device offline',
    at,
    online: 0,
  };
}
