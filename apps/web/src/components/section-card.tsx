import type { ComponentProps, ReactNode } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

type SectionCardProps = Omit<ComponentProps<typeof Card>, 'title'> & {
  /** The card's heading (an h2). */
  title: ReactNode;
  description?: ReactNode;
  /** A button or link at the header's top right. */
  action?: ReactNode;
  contentClassName?: string;
};

/** A titled section of a page (settings, a product tab, the dashboard): heading, a line, an action, content. */
export function SectionCard({
  title,
  description,
  action,
  contentClassName,
  children,
  ...card
}: SectionCardProps) {
  return (
    <Card {...card}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
        {action ? <CardAction>{action}</CardAction> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
