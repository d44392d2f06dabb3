// node --test scripts/ (run by `npm run lint`): the codemod from physical to logical classes.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the source text of a test, not a template
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rewriteClassList, rewriteSource } from './logical-classes.mjs';

const rewrite = (text) => rewriteClassList(text).text;

describe('logical-classes', () => {
  it('rewrites margins, paddings, insets, text alignment, borders and corners to logical ones', () => {
    assert.equal(rewrite('ml-2 mr-auto pl-4 pr-0.5'), 'ms-2 me-auto ps-4 pe-0.5');
    assert.equal(rewrite('left-0 right-[3px] text-left text-right'), 'start-0 end-[3px] text-start text-end');
    assert.equal(rewrite('border-l border-r-2 border-l-primary'), 'border-s border-e-2 border-s-primary');
    assert.equal(
      rewrite('rounded-l-md rounded-r rounded-tl-lg rounded-br'),
      'rounded-s-md rounded-e rounded-ss-lg rounded-ee',
    );
    assert.equal(rewrite('float-left scroll-ml-4'), 'float-start scroll-ms-4');
  });

  it('keeps variants, negatives and important marks', () => {
    assert.equal(
      rewrite('md:ml-4 -ml-1 hover:!pr-2 data-[side=left]:-left-2'),
      'md:ms-4 -ms-1 hover:!pe-2 data-[side=left]:-start-2',
    );
    assert.equal(rewrite('[&>svg]:mr-2 group-hover:text-right'), '[&>svg]:me-2 group-hover:text-end');
  });

  it('leaves what has no direction, or only looks like it', () => {
    const same =
      'border-lime-500 rounded-lg text-lg place-items-center prose mx-2 px-4 inset-x-0 text-leftover';
    assert.equal(rewrite(same), same);
  });

  it('reverses space-x and divide-x in rtl, once', () => {
    assert.equal(rewrite('flex space-x-2'), 'flex space-x-2 rtl:space-x-reverse');
    assert.equal(rewrite('flex space-x-2 rtl:space-x-reverse'), 'flex space-x-2 rtl:space-x-reverse');
    assert.equal(rewrite('divide-x'), 'divide-x rtl:divide-x-reverse');
  });

  it('keeps a centring left-1/2 beside translate-x, and slides from a side, for review', () => {
    const centred = rewriteClassList('absolute left-1/2 -translate-x-1/2');
    assert.equal(centred.text, 'absolute left-1/2 -translate-x-1/2');
    assert.equal(centred.review.length, 1);
    const sheet = rewriteClassList('inset-y-0 right-0 slide-in-from-right');
    assert.equal(sheet.text, 'inset-y-0 end-0 slide-in-from-right');
    assert.match(sheet.review.join(), /slide-in-from-right/);
  });

  it('rewrites the class strings of a source file and nothing else', () => {
    const source = [
      "const label = 'Align the text left or right';",
      "export const A = () => <div className=\"ml-2 text-left\">{`pl-2 ${x ? 'mr-1' : ''} pr-3`}</div>;",
      "const c = cn('border-l', { 'rounded-tl': y });",
    ].join('\n');
    const result = rewriteSource(source, 'a.tsx');
    assert.equal(
      result.text,
      [
        "const label = 'Align the text left or right';",
        "export const A = () => <div className=\"ms-2 text-start\">{`ps-2 ${x ? 'me-1' : ''} pe-3`}</div>;",
        "const c = cn('border-s', { 'rounded-ss': y });",
      ].join('\n'),
    );
    assert.equal(result.changes[0].line, 2);
  });
});
