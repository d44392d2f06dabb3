import type { Highlight } from '@shipyard/shared';

/** Text whose matched pieces are <mark>ed: the pieces are text nodes, never HTML. */
export function Highlighted({ pieces }: { pieces: Highlight }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
          <mark key={index} className="rounded-sm bg-yellow-200/70 px-0.5 text-inherit dark:bg-yellow-500/30">
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
