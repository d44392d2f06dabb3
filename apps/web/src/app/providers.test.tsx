import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../lib/toast.ts';
import { AppProviders } from './providers.tsx';

function ToastOnMount() {
  useEffect(() => {
    toast.success('Authentication successful');
  }, []);
  return null;
}

describe('AppProviders', () => {
  afterEach(() => {
    toast.dismiss();
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('shows a toast that a page raises while it mounts', async () => {
    render(
      <AppProviders>
        <ToastOnMount />
      </AppProviders>,
    );

    expect(await screen.findByText('Authentication successful')).toBeInTheDocument();
  });
});
