import type { ChatKind } from '@shipyard/shared';

// Each chat app's own message format (issue 33, docs/decisions/051-chat-destinations.md). A
// message is plain text from Shipyard (a title, a line or two, a link); each format escapes it
// for its app so that nothing in it (a comment's words) becomes markup, a link or a mention that
// pings a channel.

export type ChatMessage = {
  /** One line: what happened ("New task APO-12 Fix login"). */
  title: string;
  /** More, plain: where, from what to what, a comment's excerpt. */
  text: string;
  /** The task's or product's page. */
  url: string;
  /** The link's label ("Open task"). */
  linkLabel: string;
  /** The app's accent for this kind of event (Discord, Mattermost), 0xRRGGBB. */
  color: number;
  /** ntfy's tags (emoji short codes). */
  tags: readonly string[];
};

export type ChatRequest = { url: string; body: string; headers: Record<string, string> };

const json = (url: string, value: unknown): ChatRequest => ({
  url,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

/** A zero-width space after every @: '@channel', '@here', '@room', '@everyone' ping nobody. */
const defuseMentions = (s: string) => s.replace(/@/g, '@\u200b');

/** Slack's mrkdwn: only &, < and > need escaping (Slack: "Escaping text"). */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Markdown (Mattermost, Discord): every punctuation that means something, escaped with a backslash. */
const markdownEscape = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|~>]/g, '\\$&');

const htmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** Slack incoming webhook: `text` (the notification's fallback) and blocks, the link in mrkdwn. */
function slack(url: string, m: ChatMessage): ChatRequest {
  return json(url, {
    text: slackEscape(`${m.title}: ${m.url}`),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*<${m.url}|${slackEscape(m.title).replace(/\|/g, '¦')}>*` },
      },
      { type: 'section', text: { type: 'plain_text', text: m.text, emoji: false } },
    ],
    unfurl_links: false,
  });
}

/** Mattermost incoming webhook: Slack-compatible text and attachments (markdown, escaped). */
function mattermost(url: string, m: ChatMessage): ChatRequest {
  const text = defuseMentions(markdownEscape(m.text));
  return json(url, {
    text: defuseMentions(markdownEscape(m.title)),
    attachments: [
      {
        fallback: defuseMentions(`${m.title}: ${m.text}`),
        color: hex(m.color),
        title: defuseMentions(m.title),
        title_link: m.url,
        text,
      },
    ],
  });
}

/**
 * Microsoft Teams (incoming webhook or a Workflows "post to a channel when a webhook request is
 * received"): a message with one Adaptive Card; the text in a RichTextBlock's TextRuns, which
 * render no markdown.
 */
function teams(url: string, m: ChatMessage): ChatRequest {
  return json(url, {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'RichTextBlock',
              inlines: [{ type: 'TextRun', text: m.title, weight: 'Bolder', size: 'Medium' }],
            },
            { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: m.text }] },
          ],
          actions: [{ type: 'Action.OpenUrl', title: m.linkLabel, url: m.url }],
        },
      },
    ],
  });
}

/** Discord webhook: one embed (title, url, description, color); no mention is allowed to ping. */
function discord(url: string, m: ChatMessage): ChatRequest {
  return json(url, {
    username: 'Shipyard',
    embeds: [
      {
        title: m.title.slice(0, 256),
        url: m.url,
        description: markdownEscape(m.text).slice(0, 4096),
        color: m.color,
      },
    ],
    allowed_mentions: { parse: [] },
  });
}

/** Google Chat incoming webhook: a cardsV2 card (header, an escaped paragraph, a link button). */
function googleChat(url: string, m: ChatMessage): ChatRequest {
  return json(url, {
    cardsV2: [
      {
        cardId: 'shipyard',
        card: {
          header: { title: m.title },
          sections: [
            {
              widgets: [
                { textParagraph: { text: htmlEscape(m.text) } },
                {
                  buttonList: {
                    buttons: [{ text: m.linkLabel, onClick: { openLink: { url: m.url } } }],
                  },
                },
              ],
            },
          ],
        },
      },
    ],
  });
}

/**
 * ntfy: a JSON publish to the server's root (the topic URL without its topic; the query, an
 * `?auth=` say, kept), the topic in the body: titles of any script travel safely in JSON, which
 * a Title header would not.
 */
function ntfy(url: string, m: ChatMessage): ChatRequest {
  const topicUrl = new URL(url);
  const parts = topicUrl.pathname.split('/');
  const topic = decodeURIComponent(parts.pop() || parts.pop() || '');
  topicUrl.pathname = `${parts.join('/')}/`;
  return json(topicUrl.toString(), {
    topic,
    title: m.title,
    message: m.text,
    click: m.url,
    tags: m.tags,
    actions: [{ action: 'view', label: m.linkLabel, url: m.url }],
  });
}

/** Matrix through matrix-hookshot's generic webhook: `text`, and `html` with the link. */
function matrix(url: string, m: ChatMessage): ChatRequest {
  return json(url, {
    text: defuseMentions(`${m.title}\n${m.text}\n${m.url}`),
    html: `<p><strong><a href="${htmlEscape(m.url)}">${defuseMentions(htmlEscape(m.title))}</a></strong></p><p>${defuseMentions(htmlEscape(m.text)).replace(/\n/g, '<br>')}</p>`,
  });
}

const formats: Record<ChatKind, (url: string, m: ChatMessage) => ChatRequest> = {
  slack,
  mattermost,
  teams,
  discord,
  googlechat: googleChat,
  ntfy,
  matrix,
};

/** The POST that tells a destination of this kind the message. */
export const formatChatMessage = (kind: ChatKind, url: string, message: ChatMessage): ChatRequest =>
  formats[kind](url, message);
