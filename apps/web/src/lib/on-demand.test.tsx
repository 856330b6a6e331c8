import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onDemand } from './on-demand';

afterEach(cleanup);

function Details({ id }: { id: string | null }) {
  return <p>{id === null ? 'closed' : `open ${id}`}</p>;
}

// Decision 0127: a dialog's code loads when it first opens, and it is rendered from then on.
describe('a component loaded on demand', () => {
  it('renders nothing and loads nothing until first shown, then stays rendered when hidden', async () => {
    let loads = 0;
    const OnDemand = onDemand(
      async () => {
        loads += 1;
        return Details;
      },
      (props: { id: string | null }) => props.id !== null,
    );
    const { container, rerender } = render(<OnDemand id={null} />);
    expect(container.innerHTML).toBe('');
    expect(loads).toBe(0);
    rerender(<OnDemand id="a" />);
    expect(await screen.findByText('open a')).toBeTruthy();
    rerender(<OnDemand id={null} />);
    expect(screen.getByText('closed')).toBeTruthy();
    rerender(<OnDemand id="b" />);
    expect(screen.getByText('open b')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
