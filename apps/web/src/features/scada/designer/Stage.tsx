import type { Element } from '@fleet/scada-model';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Moveable from 'react-moveable';
import Selecto from 'react-selecto';
import { DesignCanvas } from './DesignCanvas';
import { type LiftedSelection, liftSelection } from './drag-layer';
import { type Box, boundsOf, snapMove } from './geometry';
import { PipeEnds } from './PipeEnds';
import { Guides, Rulers, useGuides } from './Rulers';
import { useDesigner, usePage } from './store';
import { useStageInput } from './use-stage-input';

interface Gesture {
  ids: string[];
  box: Box;
  others: Box[];
  dx: number;
  dy: number;
  frame?: Box & { rotation: number };
  rotation?: number;
  /** A move: the selection drawn on a layer of its own while the pointer moves (drag-layer.ts). */
  lifted?: LiftedSelection | null;
}

const wrapperOf = (root: HTMLElement | null, id: string) =>
  root?.querySelector<SVGGElement>(`[data-design-id="${CSS.escape(id)}"]`) ?? null;
const idOf = (el: Element | globalThis.Element | null) =>
  (el as globalThis.Element | null)?.closest?.('[data-design-id]')?.getAttribute('data-design-id') ?? null;

/**
 * The editing surface: the page drawn by the runtime's renderers inside a pannable, zoomable viewport,
 * rulers, grid, rubber-band and click selection (react-selecto), move, resize and rotate (react-moveable)
 * with snapping to the grid and to other elements. A gesture is previewed by transforms on the DOM and
 * committed as one model command when it ends (one undo step, and a 1,000-element page re-renders once).
 */
export function Stage({
  lang,
  onDropItem,
}: {
  lang: string;
  onDropItem: (key: string, x: number, y: number) => void;
}) {
  const page = usePage();
  const pageId = useDesigner((s) => s.pageId);
  const selection = useDesigner((s) => s.selection);
  const view = useDesigner((s) => s.view);
  const grid = useDesigner((s) => s.grid);
  const select = useDesigner((s) => s.select);
  const run = useDesigner((s) => s.run);
  const stage = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const moveable = useRef<Moveable>(null);
  const selecto = useRef<Selecto>(null);
  const gesture = useRef<Gesture | null>(null);
  const [epoch, setEpoch] = useState(0);
  const [targets, setTargets] = useState<HTMLElement[]>([]);
  const size = useStageInput(stage, page.canvas);
  const setGuides = useGuides((s) => s.set);

  const selected = selection
    .map((id) => [id, page.elements[id]] as const)
    .filter((e): e is [string, Element] => !!e[1]);
  const movable = selected.filter(([, el]) => !el.locked);
  const single = selected.length === 1 && movable.length === 1;
  // A pipe's or line's shape is its joints: its ends are dragged (PipeEnds), its box is not resized
  // (the box's corner handles would sit on the ends).
  const connector =
    single && (selected[0]![1].kind === 'pipe' || selected[0]![1].kind === 'line')
      ? (selected[0] as [string, Extract<Element, { kind: 'pipe' | 'line' }>])
      : null;
  // Several elements are moved through one box around them: one target for react-moveable instead of
  // one per element (it measures every target on every move), each element still outlined.
  const groupBox = movable.length > 1 ? boundsOf(movable.map(([, el]) => el.frame)) : null;
  const outlines = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the boxes are re-created with the selection, page and epoch
  useLayoutEffect(() => {
    setTargets([...(viewport.current?.querySelectorAll<HTMLElement>('.sd-box') ?? [])]);
  }, [selection, page, epoch]);
  useEffect(() => {
    const els = selection.map((id) => wrapperOf(viewport.current, id)).filter((e): e is SVGGElement => !!e);
    selecto.current?.setSelectedTargets(els);
  }, [selection]);

  const begin = (lift = false): boolean => {
    const ids = movable.map(([id]) => id);
    const box = boundsOf(movable.map(([, el]) => el.frame));
    if (!box) return false;
    const chosen = new Set(selection);
    const others = page.order
      .filter((id) => !chosen.has(id) && !page.elements[id]?.hidden)
      .map((id) => page.elements[id]!.frame);
    const first = movable[0]![1].frame;
    const lifted = lift && viewport.current ? liftSelection(viewport.current, ids) : null;
    // Nothing on the canvas needs the pointer until the drag ends: no hit testing of every element.
    if (lifted && stage.current) stage.current.dataset.dragging = '1';
    gesture.current = {
      ids,
      box,
      others,
      dx: 0,
      dy: 0,
      frame: { ...first },
      rotation: first.rotation,
      lifted,
    };
    return true;
  };
  const preview = (id: string, transform: string | null) => {
    const g = wrapperOf(viewport.current, id);
    if (transform) g?.setAttribute('transform', transform);
    else g?.removeAttribute('transform');
  };
  const finish = (command: Parameters<typeof run>[0] | null) => {
    const g = gesture.current;
    gesture.current = null;
    setGuides([]);
    for (const id of g?.ids ?? []) preview(id, null);
    if (outlines.current) outlines.current.style.transform = '';
    if (stage.current) delete stage.current.dataset.dragging;
    if (command) run(command);
    setEpoch((n) => n + 1);
    // The lifted copy stays until the moved elements have rendered in their new place (no flicker).
    if (g?.lifted) {
      const lifted = g.lifted;
      if (command) requestAnimationFrame(() => lifted.drop());
      else lifted.drop();
    }
  };
  const drag = (raw: number[]) => {
    const g = gesture.current;
    if (!g) return;
    const snapped = grid.snap
      ? snapMove(g.box, raw[0]!, raw[1]!, {
          others: g.others,
          grid: grid.size,
          threshold: 6 / view.zoom,
          canvas: { x: 0, y: 0, w: page.canvas.w, h: page.canvas.h },
        })
      : { dx: raw[0]!, dy: raw[1]!, guides: [] };
    g.dx = Math.round(snapped.dx);
    g.dy = Math.round(snapped.dy);
    if (g.lifted) g.lifted.move(g.dx, g.dy);
    else for (const id of g.ids) preview(id, `translate(${g.dx} ${g.dy})`);
    if (outlines.current) outlines.current.style.transform = `translate(${g.dx}px, ${g.dy}px)`;
    for (const t of targets) {
      const f = page.elements[t.dataset.id ?? '']?.frame;
      t.style.transform = `translate(${g.dx}px, ${g.dy}px) rotate(${f?.rotation ?? 0}deg)`;
    }
    setGuides(snapped.guides);
  };
  const endDrag = () => {
    const g = gesture.current;
    finish(
      g && (g.dx || g.dy) ? { type: 'moveElements', page: pageId, ids: g.ids, dx: g.dx, dy: g.dy } : null,
    );
  };

  const onStageDrop = (e: React.DragEvent) => {
    const key = e.dataTransfer.getData('application/x-scada-item');
    const rect = stage.current?.getBoundingClientRect();
    if (!key || !rect) return;
    e.preventDefault();
    onDropItem(
      key,
      (e.clientX - rect.left - view.x) / view.zoom,
      (e.clientY - rect.top - view.y) / view.zoom,
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the canvas takes palette drops; everything on it is also reachable by keys and panels
    <div
      ref={stage}
      className="sd-stage"
      data-testid="sd-stage"
      style={{
        position: 'relative',
        overflow: 'hidden',
        flex: 1,
        minHeight: 0,
        background: '#e9ebee',
        outline: 'none',
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onStageDrop}
    >
      <div
        ref={viewport}
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: page.canvas.w,
          height: page.canvas.h,
          transformOrigin: '0 0',
          transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
          boxShadow: '0 1px 6px rgba(0,0,0,.25)',
        }}
      >
        <DesignCanvas page={page} pageId={pageId} lang={lang} grid={grid.show ? grid.size : 0} />
        <div ref={outlines} style={{ position: 'absolute', left: 0, top: 0, willChange: 'transform' }}>
          {selected.map(([id, el]) => (
            <div
              key={`${id}:${epoch}`}
              className={groupBox ? 'sd-outline' : 'sd-box'}
              data-id={id}
              data-testid="sd-selected"
              style={{
                position: 'absolute',
                left: el.frame.x,
                top: el.frame.y,
                width: el.frame.w,
                height: el.frame.h,
                transform: `rotate(${el.frame.rotation}deg)`,
                pointerEvents: 'none',
                outline: el.locked ? '1px dashed #fa8c16' : groupBox ? '1px solid #4096ff' : undefined,
              }}
            />
          ))}
        </div>
        {groupBox ? (
          <div
            key={`group:${epoch}`}
            className="sd-box"
            data-id=""
            style={{
              position: 'absolute',
              left: groupBox.x,
              top: groupBox.y,
              width: groupBox.w,
              height: groupBox.h,
              pointerEvents: 'none',
              willChange: 'transform',
            }}
          />
        ) : null}
        {connector && !connector[1].frame.rotation ? (
          <PipeEnds
            key={`${connector[0]}:${epoch}`}
            id={connector[0]}
            el={connector[1]}
            page={page}
            pageId={pageId}
            zoom={view.zoom}
          />
        ) : null}
        <Guides zoom={view.zoom} />
      </div>
      {/* While a drag lasts, the pointer meets this shield first instead of every element of the page. */}
      <div className="sd-drag-shield" />
      <Rulers view={view} width={size.w} height={size.h} />
      <Moveable
        ref={moveable}
        target={targets}
        draggable={movable.length > 0}
        resizable={single && !connector}
        rotatable={single}
        keepRatio={false}
        throttleRotate={1}
        origin={false}
        onDragStart={(e) => (begin(true) ? undefined : e.stopDrag())}
        onDrag={(e) => drag(e.beforeTranslate)}
        onDragEnd={endDrag}
        onDragGroupStart={(e) => (begin(true) ? undefined : e.stopDrag())}
        onDragGroup={(e) => drag(e.events[0]?.beforeTranslate ?? [0, 0])}
        onDragGroupEnd={endDrag}
        onResizeStart={(e) => (begin() ? undefined : e.stopDrag())}
        onResize={(e) => {
          const g = gesture.current;
          if (!g?.frame) return;
          const [tx, ty] = e.drag.beforeTranslate as [number, number];
          const next = {
            x: Math.round(g.box.x + tx),
            y: Math.round(g.box.y + ty),
            w: Math.max(1, Math.round(e.width)),
            h: Math.max(1, Math.round(e.height)),
          };
          g.frame = { ...next, rotation: g.frame.rotation };
          e.target.style.width = `${next.w}px`;
          e.target.style.height = `${next.h}px`;
          e.target.style.transform = e.drag.transform;
          const f = g.box;
          preview(
            g.ids[0]!,
            `translate(${next.x} ${next.y}) scale(${next.w / f.w} ${next.h / f.h}) translate(${-f.x} ${-f.y})`,
          );
        }}
        onResizeEnd={() => {
          const g = gesture.current;
          const f = g?.frame;
          const changed =
            g && f && (f.x !== g.box.x || f.y !== g.box.y || f.w !== g.box.w || f.h !== g.box.h);
          finish(
            changed
              ? {
                  type: 'resizeElement',
                  page: pageId,
                  id: g.ids[0]!,
                  frame: { x: f.x, y: f.y, w: f.w, h: f.h },
                }
              : null,
          );
        }}
        onRotateStart={(e) => (begin() ? undefined : e.stopDrag())}
        onRotate={(e) => {
          const g = gesture.current;
          if (!g?.frame) return;
          const step = e.inputEvent?.shiftKey ? 15 : 1;
          g.rotation = Math.round(e.rotation / step) * step;
          e.target.style.transform = `rotate(${g.rotation}deg)`;
          const f = g.frame;
          preview(g.ids[0]!, `rotate(${g.rotation - f.rotation} ${f.x + f.w / 2} ${f.y + f.h / 2})`);
        }}
        onRotateEnd={() => {
          const g = gesture.current;
          const changed = g?.frame && g.rotation !== g.frame.rotation;
          finish(
            changed
              ? { type: 'rotateElement', page: pageId, id: g.ids[0]!, rotation: g.rotation ?? 0 }
              : null,
          );
        }}
      />
      <Selecto
        ref={selecto}
        container={stage.current}
        dragContainer={stage.current ?? undefined}
        selectableTargets={['.sd-stage .sd-el']}
        selectByClick
        selectFromInside={false}
        toggleContinueSelect={['shift']}
        hitRate={0}
        ratio={0}
        dragCondition={(e) => {
          const input = e.inputEvent as MouseEvent;
          return input.button === 0 && !input.altKey && !(stage.current?.dataset.panning === '1');
        }}
        onDragStart={(e) => {
          const target = e.inputEvent.target as globalThis.Element;
          if (moveable.current?.isMoveableElement(target as HTMLElement)) {
            e.stop();
            return;
          }
          const id = idOf(target);
          if (id && selection.includes(id) && !e.inputEvent.shiftKey) {
            e.stop();
            moveable.current?.dragStart(e.inputEvent);
          }
        }}
        onSelectEnd={(e) => {
          const chosen = new Set(e.selected.map((el) => idOf(el)).filter((id): id is string => !!id));
          select(page.order.filter((id) => chosen.has(id)));
          if (e.isDragStart && chosen.size > 0) {
            e.inputEvent.preventDefault();
            moveable.current?.waitToChangeTarget().then(() => moveable.current?.dragStart(e.inputEvent));
          }
        }}
      />
    </div>
  );
}
