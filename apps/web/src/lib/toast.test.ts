import { describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => sonner);

const { toast, toasterHost } = await import('./toast.ts');

describe('toast.undoable', () => {
  it('offers Undo for 10 s and runs the undo when it is clicked', async () => {
    const undo = vi.fn(async () => {});
    toast.undoable('Task deleted', { undo });
    toasterHost.mounted();
    await vi.waitFor(() => expect(sonner.toast.success).toHaveBeenCalled());
    const [title, options] = sonner.toast.success.mock.calls[0] as [
      string,
      { duration: number; action: { label: string; onClick: () => void } },
    ];
    expect(title).toBe('Task deleted');
    expect(options.duration).toBe(10_000);
    expect(options.action.label).toBe('Undo');
    options.action.onClick();
    await vi.waitFor(() => expect(undo).toHaveBeenCalledOnce());
    expect(sonner.toast.error).not.toHaveBeenCalled();
  });

  it('says so when the undo fails', async () => {
    sonner.toast.success.mockClear();
    toast.undoable('Moved', {
      undo: () => Promise.reject(new Error('gone')),
      undoFailed: 'Could not move it back.',
    });
    await vi.waitFor(() => expect(sonner.toast.success).toHaveBeenCalled());
    const [, options] = sonner.toast.success.mock.calls[0] as [string, { action: { onClick: () => void } }];
    options.action.onClick();
    await vi.waitFor(() =>
      expect(sonner.toast.error).toHaveBeenCalledWith('Could not move it back.', undefined),
    );
  });
});
