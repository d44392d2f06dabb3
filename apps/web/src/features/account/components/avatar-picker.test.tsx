import { AVATAR_MAX_BYTES } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch } from '../../../test/fetch-stubs.ts';
import { makeUser, renderWithProviders } from '../../../test/render.tsx';
import { AvatarPicker } from './avatar-picker.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderPicker() {
  const onUpdated = vi.fn();
  renderWithProviders(<AvatarPicker user={makeUser()} onUpdated={onUpdated} />);
  // The picker's accept attribute filters what a browser offers; a user can still pick "All files".
  const user = userEvent.setup({ applyAccept: false });
  return { user, onUpdated, input: screen.getByLabelText<HTMLInputElement>('Avatar image') };
}

const png = (bytes: number, name = 'me.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('AvatarPicker', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('offers image files only, behind a Change Avatar button', () => {
    const { input } = renderPicker();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
  });

  it('refuses a file that is not an image, without sending it', async () => {
    const fetchMock = mockFetch(jsonResponse(200, makeUser()));
    const { user, input } = renderPicker();

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The avatar must be a PNG, JPEG, GIF or WebP image.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an image over 2 MB, without sending it', async () => {
    const fetchMock = mockFetch(jsonResponse(200, makeUser()));
    const { user, input } = renderPicker();

    await user.upload(input, png(AVATAR_MAX_BYTES + 1));

    expect(await screen.findByRole('alert')).toHaveTextContent('The avatar must be at most 2 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads an image as the multipart field "file" and reports it', async () => {
    const updated = makeUser({ avatar_url: '/api/uploads/avatars/0123456789abcdef0123456789abcdef.png' });
    const fetchMock = mockFetch(jsonResponse(200, updated));
    const { user, input, onUpdated } = renderPicker();
    const file = png(AVATAR_MAX_BYTES);

    await user.upload(input, file);

    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(updated));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/avatar');
    expect(init?.method).toBe('POST');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
    expect(toast.success).toHaveBeenCalledWith('Avatar uploaded', {
      description: 'Your avatar has been successfully uploaded.',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Upload failed' with the server's message", async () => {
    mockFetch(apiError(415, 'AVATAR_NOT_IMAGE', 'The avatar must be a PNG, JPEG, GIF or WebP image.'));
    const { user, input, onUpdated } = renderPicker();

    await user.upload(input, png(10, 'fake.png'));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Upload failed', {
        description: 'The avatar must be a PNG, JPEG, GIF or WebP image.',
      }),
    );
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it("says 'Upload failed' with the spec's text when the answer has no message", async () => {
    mockFetch(new Response(null, { status: 502 }));
    const { user, input } = renderPicker();

    await user.upload(input, png(10));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Upload failed', {
        description: 'There was an error uploading your avatar.',
      }),
    );
  });
});
