import type { ProductStatus } from '@shipyard/shared';
import { k, t } from '../../../lib/i18n/index.ts';

// The stages' colours, the products board's (spec §4, ARCHITECTURE §6): planning blue, development
// amber, testing purple, production green, maintenance gray; a planned segment is solid (a shade
// darker than the board's dots, so its white label keeps 4.5:1), a stage
// without a plan a dashed outline of its colour.
export const stageTones: Record<ProductStatus, { solid: string; open: string; dot: string }> = {
  planning: {
    solid: 'bg-blue-600 text-white',
    open: 'border-blue-500/70 bg-blue-500/10 text-blue-700 dark:text-blue-300',
    dot: 'bg-blue-500',
  },
  development: {
    solid: 'bg-amber-500 text-amber-950',
    open: 'border-amber-500/70 bg-amber-500/10 text-amber-800 dark:text-amber-300',
    dot: 'bg-amber-500',
  },
  testing: {
    solid: 'bg-purple-600 text-white',
    open: 'border-purple-500/70 bg-purple-500/10 text-purple-700 dark:text-purple-300',
    dot: 'bg-purple-500',
  },
  production: {
    solid: 'bg-green-700 text-white',
    open: 'border-green-600/70 bg-green-600/10 text-green-700 dark:text-green-300',
    dot: 'bg-green-500',
  },
  maintenance: {
    solid: 'bg-zinc-600 text-white',
    open: 'border-zinc-500/70 bg-zinc-500/10 text-zinc-700 dark:text-zinc-300',
    dot: 'bg-zinc-500',
  },
};

const stageNames: Record<ProductStatus, string> = {
  planning: k('Planning'),
  development: k('Development'),
  testing: k('Testing'),
  production: k('Production'),
  maintenance: k('Maintenance'),
};

/** 'development' → 'Development' in the reader's language. */
export const stageName = (stage: ProductStatus) => t(stageNames[stage]);
