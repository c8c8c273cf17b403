import { counterState } from './split-list';

/** "length/max" under an input, with the recommended range when there is one. */
export function Counter({
  id,
  text,
  max,
  recommended,
}: {
  id: string;
  text: string;
  max: number;
  recommended?: readonly [number, number];
}) {
  const state = counterState(text, max, recommended);
  const tone = state.over ? 'admin-counter--over' : state.inRange ? 'admin-counter--ok' : '';
  return (
    <p id={id} className={`admin-counter ${tone}`}>
      {state.length}/{max}
      {recommended && ` (recommended ${recommended[0]}-${recommended[1]})`}
    </p>
  );
}
