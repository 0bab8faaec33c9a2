import { useEffect, useRef, useState } from 'react';
import { ratingAt, starFill, stepRating } from '../lib/ratingScale';

const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z';
/**
 * The star's left half as a shape of its own (the star is symmetric about
 * x = 12), so a half star needs no clip path: a clip path needs an id, and
 * one id repeated by every star of every tile is not unique on the page.
 */
const LEFT_HALF = 'M12 2L8.9 8.3 2 9.3l5 4.9L5.8 21 12 17.8z';

function Star({ fill }: { fill: 0 | 0.5 | 1 }) {
  return (
    <svg class="star" viewBox="0 0 24 24" aria-hidden="true">
      <path class="star-empty" d={STAR} />
      {fill > 0 && <path class="star-full" d={fill === 1 ? STAR : LEFT_HALF} />}
    </svg>
  );
}

/**
 * Ten stars in halves for 0.5 to 10. With `onChange` it is a slider: hover
 * previews, a click sets, arrow keys step by a half. Without, it only shows.
 * `disabled` (the reason) keeps it a slider that cannot be moved.
 */
export function HalfStarRating({
  value,
  onChange,
  label = 'Rating',
  size = 'normal',
  disabled,
}: {
  value: number | null;
  onChange?: (value: number) => void;
  label?: string;
  size?: 'small' | 'normal';
  disabled?: string | null;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const shown = hover ?? value ?? 0;
  const stars = Array.from({ length: 10 }, (_, i) => <Star key={i} fill={starFill(shown, i)} />);

  if (!onChange && !disabled) {
    return (
      <div class={`half-stars ${size}`} role="img" aria-label={`${label}: ${value == null ? 'none' : value} out of 10`}>
        {stars}
      </div>
    );
  }

  const at = (event: MouseEvent) => {
    const rect = box.current!.getBoundingClientRect();
    return ratingAt(event.clientX - rect.left, rect.width);
  };

  // A disabled slider is still read out (with the reason as its title) but cannot be moved.
  const moves =
    disabled || !onChange
      ? { onClick: (event: MouseEvent) => event.stopPropagation() }
      : {
          onMouseMove: (event: MouseEvent) => setHover(at(event)),
          onMouseLeave: () => setHover(null),
          onClick: (event: MouseEvent) => {
            event.stopPropagation();
            event.preventDefault();
            onChange(at(event));
          },
          onKeyDown: (event: KeyboardEvent) => {
            const up = event.key === 'ArrowRight' || event.key === 'ArrowUp';
            const down = event.key === 'ArrowLeft' || event.key === 'ArrowDown';
            if (!up && !down) return;
            event.preventDefault();
            event.stopPropagation();
            onChange(stepRating(value, up ? 1 : -1));
          },
        };

  return (
    <div
      ref={box}
      class={`half-stars ${disabled ? 'disabled' : 'interactive'} ${size}`}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-disabled={disabled ? 'true' : undefined}
      title={disabled ?? undefined}
      aria-valuemin={0.5}
      aria-valuemax={10}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value == null ? 'Not rated' : `${value} out of 10`}
      {...moves}
    >
      {stars}
    </div>
  );
}

/**
 * The touch-screen control: a stripe where the finger's place along it picks
 * the half step, and lifting the finger sets it. Beneath it is a native
 * slider (as wide as the stripe, unseen), so a screen reader can read and set
 * the rating as with any slider.
 */
export function RatingStripe({
  value,
  onChange,
  label,
}: {
  value: number | null;
  onChange: (value: number) => void;
  label: string;
}) {
  const [moving, setMoving] = useState<number | null>(null);
  const shown = moving ?? value;
  const input = useRef<HTMLInputElement>(null);
  // The native change (the finger lifted, a key or a screen reader's step):
  // React's onChange here would fire on every move.
  const commit = useRef(onChange);
  commit.current = onChange;
  useEffect(() => {
    const slider = input.current!;
    const set = () => {
      setMoving(null);
      commit.current(Number(slider.value));
    };
    slider.addEventListener('change', set);
    return () => slider.removeEventListener('change', set);
  }, []);
  return (
    <div class="rating-stripe">
      <div class="rating-stripe-fill" style={{ width: `${((shown ?? 0) / 10) * 100}%` }} />
      <span class="rating-stripe-value" aria-hidden="true">
        {shown == null ? 'Slide to rate' : shown.toFixed(1)}
      </span>
      <input
        ref={input}
        type="range"
        class="rating-stripe-input"
        min={0.5}
        max={10}
        step={0.5}
        value={shown ?? 5}
        aria-label={label}
        aria-valuetext={shown == null ? 'Not rated' : `${shown} out of 10`}
        onInput={(event) => setMoving(Number(event.currentTarget.value))}
      />
    </div>
  );
}
