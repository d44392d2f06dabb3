import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RepeatEditor, repeatWords } from './repeat-editor.tsx';

function Harness({ initial = null as string | null, onRule = (_: string | null) => {} }) {
  const [rule, setRule] = useState<string | null>(initial);
  return (
    <>
      <RepeatEditor
        value={rule}
        startsOn="2026-03-26"
        onChange={(next) => {
          setRule(next);
          onRule(next);
        }}
      />
      <output data-testid="rule">{rule ?? 'none'}</output>
    </>
  );
}

const pick = async (user: ReturnType<typeof userEvent.setup>, select: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('repeatWords', () => {
  it('says the rule in words, or that it does not repeat', () => {
    expect(repeatWords('FREQ=WEEKLY;BYDAY=MO,TH')).toBe('Every week on Mon, Thu');
    expect(repeatWords('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(repeatWords(null)).toBe('Does not repeat');
    expect(repeatWords('nonsense')).toBe('Does not repeat');
  });
});

describe('RepeatEditor', () => {
  it('offers presets from the first day and shows the rule in words with its next dates', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('combobox', { name: 'Repeat' })).toHaveTextContent('Does not repeat');

    await pick(user, 'Repeat', 'Weekly on Thursday');
    expect(screen.getByTestId('rule')).toHaveTextContent('FREQ=WEEKLY;BYDAY=TH');
    expect(screen.getByText('Every week on Thu')).toBeInTheDocument();
    expect(screen.getByText(/^Next: /)).toHaveTextContent(/Apr 2, 2026.*Apr 9, 2026.*Apr 16, 2026/);

    await user.click(screen.getByRole('button', { name: 'Monday' }));
    expect(screen.getByTestId('rule')).toHaveTextContent('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(screen.getByText('Every week on Mon, Thu')).toBeInTheDocument();

    await pick(user, 'Repeat', 'Monthly on day 26');
    expect(screen.getByTestId('rule')).toHaveTextContent('FREQ=MONTHLY;BYMONTHDAY=26');
    await pick(user, 'Repeat', 'Every weekday (Mon to Fri)');
    expect(screen.getByText('Every weekday')).toBeInTheDocument();
    await pick(user, 'Repeat', 'Does not repeat');
    expect(screen.getByTestId('rule')).toHaveTextContent('none');
  });

  it('builds a custom rule: every N units, ending after a number of times', async () => {
    const user = userEvent.setup();
    render(<Harness initial="FREQ=DAILY" />);
    await pick(user, 'Repeat', 'Custom…');
    const every = screen.getByLabelText('Every');
    await user.clear(every);
    await user.type(every, '2');
    await pick(user, 'Unit', 'weeks');
    await pick(user, 'Ends', 'After');
    const times = screen.getByLabelText('Times');
    await user.clear(times);
    await user.type(times, '3');
    expect(screen.getByTestId('rule')).toHaveTextContent('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;COUNT=3');
    expect(screen.getByText('Every 2 weeks on Thu, 3 times')).toBeInTheDocument();
  });
});
