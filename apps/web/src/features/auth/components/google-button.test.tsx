import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GoogleButton } from './google-button.tsx';

describe('GoogleButton', () => {
  it("is a link that takes the browser to the server's Google sign-in", () => {
    render(<GoogleButton />);

    const link = screen.getByRole('link', { name: 'Continue with Google' });
    // A plain anchor: a full navigation, not a client-side route change.
    expect(link).toHaveAttribute('href', '/api/auth/google');
    expect(link).not.toHaveAttribute('target');
  });
});
