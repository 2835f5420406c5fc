import { Box, Link, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BookIcon, ChatIcon, CheckIcon, DumbbellIcon, HeadphonesIcon, StretchIcon, WindIcon } from '#components/ui/icons';
import { doneItems } from '../utils/plan-done';
import type { PlanLinkClass } from '../utils/plan-links';
import type { PlanNode } from '../utils/plan-tree';
import { sanitizePlanContent } from '../utils/sanitize-plan';

const LINK_ICONS: Record<PlanLinkClass, typeof ChatIcon> = {
  breathing: WindIcon,
  fitness: DumbbellIcon,
  journal: BookIcon,
  coaching: ChatIcon,
  'active-breaks': StretchIcon,
  meditation: HeadphonesIcon,
  meditations: HeadphonesIcon,
};

const NOTHING_DONE: readonly string[] = [];

/** What rendering needs besides the nodes: the done items and the links that speak for them. */
type RenderContext = { doneItems: ReadonlyMap<PlanNode, PlanNode>; doneLinks: ReadonlySet<PlanNode> };

/**
 * The plan's HTML, sanitised again with DOMPurify and rendered as React elements: links to the app's
 * areas get their icon, same-site links navigate inside the app, and nothing is injected as HTML.
 * An item whose activity is among `completed` (the ledger's activities on the plan's day) reads as
 * done: a check and "Hecho" on screen, and "(hecho)" in its link's accessible name (the visible mark
 * is hidden from assistive technology, so it is heard once).
 */
export function PlanContent({ html, completed = NOTHING_DONE }: { html: string; completed?: readonly string[] }) {
  const nodes = useMemo(() => sanitizePlanContent(html), [html]);
  const context = useMemo<RenderContext>(() => {
    const done = doneItems(nodes, completed);
    return { doneItems: done, doneLinks: new Set(done.values()) };
  }, [nodes, completed]);
  return (
    <Box
      data-testid="contenido-plan"
      color="text"
      css={{
        '& p': { marginBottom: '3' },
        '& ul, & ol': { display: 'grid', gap: '2.5', paddingLeft: '0', listStyle: 'none', margin: '0' },
        '& li': {
          background: 'var(--chakra-colors-canvas)',
          borderRadius: 'var(--chakra-radii-xl)',
          padding: '0.75rem 1rem',
          color: 'var(--chakra-colors-ink-700)',
          fontSize: 'var(--chakra-font-sizes-sm)',
        },
        '& li[data-done]': {
          background: 'var(--chakra-colors-brand-50)',
          boxShadow: 'inset 0 0 0 1px var(--chakra-colors-brand-200)',
        },
        '& ol': { listStyle: 'decimal', paddingLeft: '1.25rem' },
      }}
    >
      {renderNodes(nodes, context)}
    </Box>
  );
}

function renderNodes(nodes: readonly PlanNode[], context: RenderContext): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, context));
}

function renderNode(node: PlanNode, key: number, context: RenderContext): ReactNode {
  if (node.type === 'text') return node.text;
  if (node.type === 'link') return <PlanLink key={key} node={node} done={context.doneLinks.has(node)} context={context} />;
  const children = renderNodes(node.children, context);
  switch (node.tag) {
    case 'p':
      return (
        <Text key={key} as="p" fontSize={{ base: 'md', md: 'lg' }} color="ink.800">
          {children}
        </Text>
      );
    case 'ul':
      return <ul key={key}>{children}</ul>;
    case 'ol':
      return <ol key={key}>{children}</ol>;
    case 'li':
      return context.doneItems.has(node) ? (
        <li key={key} data-done="">
          <DoneMark />
          {children}
        </li>
      ) : (
        <li key={key}>{children}</li>
      );
    case 'strong':
      return <strong key={key}>{children}</strong>;
    case 'em':
      return <em key={key}>{children}</em>;
    case 'br':
      return <br key={key} />;
  }
}

/** The visible "done" mark of an item (a check and "Hecho"); its link says "(hecho)" to screen readers. */
function DoneMark() {
  return (
    <Box
      as="span"
      aria-hidden="true"
      float="right"
      ms="3"
      display="inline-flex"
      alignItems="center"
      gap="1"
      px="2"
      py="0.5"
      borderRadius="full"
      bg="brand.100"
      color="brand.800"
      fontSize="xs"
      fontWeight="700"
    >
      <CheckIcon boxSize="3.5" />
      Hecho
    </Box>
  );
}

function PlanLink({ node, done, context }: { node: Extract<PlanNode, { type: 'link' }>; done: boolean; context: RenderContext }) {
  const children = renderNodes(node.children, context);
  const spokenDone = done ? (
    <Box as="span" srOnly>
      {' (hecho)'}
    </Box>
  ) : null;
  if (!node.href) {
    return (
      <>
        {children}
        {spokenDone}
      </>
    );
  }
  const Icon = node.iconClass ? LINK_ICONS[node.iconClass] : null;
  const content = (
    <>
      {Icon ? (
        <Box as="span" display="inline-flex" p="1" mr="2" borderRadius="md" bg="brand.50" color="brand.700" verticalAlign="middle" aria-hidden="true">
          <Icon boxSize="4" data-plan-icon={node.iconClass ?? undefined} />
        </Box>
      ) : null}
      {children}
      {spokenDone}
    </>
  );
  const style = {
    fontWeight: '600',
    color: 'brand.800',
    fontSize: 'md',
    textDecoration: 'underline',
    textDecorationColor: 'brand.200',
    textUnderlineOffset: '3px',
    _hover: { textDecorationColor: 'brand.600' },
  } as const;
  if (node.href.kind === 'internal') {
    return (
      <Link asChild {...style}>
        <RouterLink to={node.href.to} className={node.className ?? undefined}>
          {content}
        </RouterLink>
      </Link>
    );
  }
  return (
    <Link href={node.href.href} className={node.className ?? undefined} rel="noopener noreferrer" {...style}>
      {content}
    </Link>
  );
}
