import { useEffect, useRef } from 'react';
import * as act from './actions';
import { useDesigner } from './store';

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  !!t.closest('input, textarea, select, [contenteditable="true"], .ant-select, .ant-modal');

/**
 * The editor's keys: Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z, Ctrl+C / X / V / D, Ctrl+A, Ctrl+G / Ctrl+Shift+G,
 * Delete, arrows (Shift: 10 px), Ctrl+S, Ctrl +/- and Shift+1 for the view. Ignored while typing.
 */
export function useShortcuts(save: () => void) {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 's') {
        e.preventDefault();
        saveRef.current();
        return;
      }
      if (typing(e.target)) return;
      const s = useDesigner.getState();
      const handled = (fn: () => void) => {
        e.preventDefault();
        fn();
      };
      if (mod && key === 'z') return handled(e.shiftKey ? s.redo : s.undo);
      if (mod && key === 'y') return handled(s.redo);
      if (mod && key === 'c') return handled(act.copy);
      if (mod && key === 'x') return handled(act.cut);
      if (mod && key === 'v') return handled(act.paste);
      if (mod && key === 'd') return handled(act.duplicate);
      if (mod && key === 'a') return handled(act.selectAll);
      if (mod && key === 'g') return handled(e.shiftKey ? act.ungroup : act.group);
      if (mod && (key === '=' || key === '+'))
        return handled(() => s.setView({ zoom: Math.min(8, s.view.zoom * 1.25) }));
      if (mod && key === '-') return handled(() => s.setView({ zoom: Math.max(0.05, s.view.zoom / 1.25) }));
      if (e.shiftKey && e.code === 'Digit1') return handled(s.requestFit);
      if (key === 'delete' || key === 'backspace') return handled(act.deleteSelection);
      if (key === 'escape') return handled(() => s.select([]));
      const step = e.shiftKey ? 10 : 1;
      const arrows: Record<string, [number, number]> = {
        arrowleft: [-step, 0],
        arrowright: [step, 0],
        arrowup: [0, -step],
        arrowdown: [0, step],
      };
      const move = arrows[key];
      if (move && s.selection.length) handled(() => act.nudge(move[0], move[1]));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
