import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductFilter } from './product-filter.tsx';
import type { ProductSelection } from './product-selection.ts';

const options = [
  { id: 'p-1', name: 'Apollo' },
  { id: 'p-2', name: 'Borealis' },
];

function Harness({ onChange }: { onChange?: (next: ProductSelection) => void }) {
  const [value, setValue] = useState<ProductSelection>([]);
  return (
    <ProductFilter
      value={value}
      options={options}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('ProductFilter', () => {
  it('clears All Products when a product is picked and returns to it when the last is unticked', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Products: All Products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter by product' });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-checked')),
    ).toEqual(['true', 'false', 'false']);

    await user.click(box('Apollo'));
    expect(onChange).toHaveBeenLastCalledWith(['p-1']);
    expect(box('All Products')).not.toBeChecked();
    expect(box('Apollo')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Products: Apollo' })).toBeInTheDocument();

    await user.click(screen.getByText('Borealis'));
    expect(onChange).toHaveBeenLastCalledWith(['p-1', 'p-2']);
    expect(screen.getByRole('button', { name: 'Products: 2 products' })).toBeInTheDocument();

    await user.click(box('Apollo'));
    await user.click(box('Borealis'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(box('All Products')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Products: All Products' })).toBeInTheDocument();
  });

  it('drops the picked products when All Products is ticked, and keeps it when it is unticked alone', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Products: All Products' }));

    await user.click(box('All Products'));
    expect(box('All Products')).toBeChecked();

    await user.click(box('Borealis'));
    await user.click(box('All Products'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(box('Borealis')).not.toBeChecked();
    expect(box('All Products')).toBeChecked();
  });

  it('shows that the products are loading, or could not be loaded', async () => {
    const loading = renderWithProviders(<ProductFilter value={[]} options={undefined} onChange={() => {}} />);
    await loading.user.click(screen.getByRole('button', { name: 'Products: All Products' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    loading.unmount();

    const failed = renderWithProviders(
      <ProductFilter value={[]} options={undefined} failed onChange={() => {}} />,
    );
    await failed.user.click(screen.getByRole('button', { name: 'Products: All Products' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load products');
  });
});
