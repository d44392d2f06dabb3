import { describe, expect, it } from 'vitest';
import { type ChatMessage, formatChatMessage } from './chat.formats.ts';

// Each chat app's documented message shape, and nothing in Shipyard's text turning into markup,
// a link or a mention in it.

const message: ChatMessage = {
  title: 'APO-12 <b>Fix</b> *login* & @here',
  text: 'In Apollo · from Pending\nsee [x](http://evil.test) @channel',
  url: 'https://shipyard.example/tasks/t-1',
  linkLabel: 'Open task',
  color: 0xd97706,
  tags: ['arrows_counterclockwise'],
};

const body = (kind: Parameters<typeof formatChatMessage>[0], url = 'https://hooks.example/abc') => {
  const req = formatChatMessage(kind, url, message);
  expect(req.headers['content-type']).toBe('application/json');
  return { url: req.url, json: JSON.parse(req.body) };
};

describe('chat formats', () => {
  it('Slack: text and blocks, the link in mrkdwn with &, < and > escaped, the text as plain_text', () => {
    const { url, json } = body('slack');
    expect(url).toBe('https://hooks.example/abc');
    expect(json.text).toBe(
      'APO-12 &lt;b&gt;Fix&lt;/b&gt; *login* &amp; @here: https://shipyard.example/tasks/t-1',
    );
    expect(json.blocks).toEqual([
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: '*<https://shipyard.example/tasks/t-1|APO-12 &lt;b&gt;Fix&lt;/b&gt; *login* &amp; @here>*',
        },
      },
      { type: 'section', text: { type: 'plain_text', text: message.text, emoji: false } },
    ]);
  });

  it('Mattermost: Slack-compatible text and an attachment, markdown escaped and @-mentions defused', () => {
    const { json } = body('mattermost');
    const [attachment] = json.attachments;
    expect(attachment).toMatchObject({
      color: '#d97706',
      title_link: message.url,
      title: 'APO-12 <b>Fix</b> *login* & @\u200bhere',
    });
    expect(attachment.text).toBe(
      'In Apollo · from Pending\nsee \\[x\\]\\(http://evil\\.test\\) @\u200bchannel',
    );
    expect(json.text).toContain('\\*login\\*');
  });

  it('Microsoft Teams: a message with one Adaptive Card attachment, the text in TextRuns, an OpenUrl action', () => {
    const { json } = body('teams');
    expect(json.type).toBe('message');
    expect(json.attachments).toHaveLength(1);
    const [card] = json.attachments;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({
      type: 'AdaptiveCard',
      version: '1.4',
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      actions: [{ type: 'Action.OpenUrl', title: 'Open task', url: message.url }],
    });
    expect(card.content.body).toEqual([
      {
        type: 'RichTextBlock',
        inlines: [{ type: 'TextRun', text: message.title, weight: 'Bolder', size: 'Medium' }],
      },
      { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: message.text }] },
    ]);
  });

  it('Discord: one embed with title, url, escaped description and colour; no mention may ping', () => {
    const { json } = body('discord');
    expect(json.embeds).toEqual([
      {
        title: message.title,
        url: message.url,
        description: 'In Apollo · from Pending\nsee \\[x\\]\\(http://evil\\.test\\) @channel',
        color: 0xd97706,
      },
    ]);
    expect(json.allowed_mentions).toEqual({ parse: [] });
    expect(json.content).toBeUndefined();
  });

  it('Google Chat: a cardsV2 card with a header, an HTML-escaped paragraph and a link button', () => {
    const { json } = body('googlechat');
    expect(json.text).toBeUndefined();
    expect(json.cardsV2).toEqual([
      {
        cardId: 'shipyard',
        card: {
          header: { title: message.title },
          sections: [
            {
              widgets: [
                {
                  textParagraph: {
                    text: 'In Apollo · from Pending\nsee [x](http://evil.test) @channel',
                  },
                },
                {
                  buttonList: {
                    buttons: [{ text: 'Open task', onClick: { openLink: { url: message.url } } }],
                  },
                },
              ],
            },
          ],
        },
      },
    ]);
    const withTags = formatChatMessage('googlechat', 'https://chat.example/x', {
      ...message,
      text: '<users/all> & co',
    });
    expect(JSON.parse(withTags.body).cardsV2[0].card.sections[0].widgets[0].textParagraph.text).toBe(
      '&lt;users/all&gt; &amp; co',
    );
  });

  it('ntfy: a JSON publish to the server root with topic, title, message, click and tags; the query kept', () => {
    const { url, json } = body('ntfy', 'https://ntfy.example/base/alerts-7f3?auth=tk');
    expect(url).toBe('https://ntfy.example/base/?auth=tk');
    expect(json).toEqual({
      topic: 'alerts-7f3',
      title: message.title,
      message: message.text,
      click: message.url,
      tags: ['arrows_counterclockwise'],
      actions: [{ action: 'view', label: 'Open task', url: message.url }],
    });
    expect(body('ntfy', 'https://ntfy.sh/mytopic').url).toBe('https://ntfy.sh/');
  });

  it('Matrix (hookshot generic webhook): text and html, HTML escaped, @room-style mentions defused', () => {
    const { json } = body('matrix');
    expect(Object.keys(json).sort()).toEqual(['html', 'text']);
    expect(json.text).toBe(
      'APO-12 <b>Fix</b> *login* & @\u200bhere\nIn Apollo · from Pending\nsee [x](http://evil.test) @\u200bchannel\nhttps://shipyard.example/tasks/t-1',
    );
    expect(json.html).toBe(
      '<p><strong><a href="https://shipyard.example/tasks/t-1">APO-12 &lt;b&gt;Fix&lt;/b&gt; *login* &amp; @\u200bhere</a></strong></p><p>In Apollo · from Pending<br>see [x](http://evil.test) @\u200bchannel</p>',
    );
  });
});
