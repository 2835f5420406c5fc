import { Box, Link, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BookIcon, ChatIcon, DumbbellIcon, HeadphonesIcon, StretchIcon, WindIcon } from '../../../components/ui/icons';
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

/**
 * The plan's HTML, sanitised again with DOMPurify and rendered as React elements: links to the app's
 * areas get their icon, same-site links navigate inside the app, and nothing is injected as HTML.
 */
export function PlanContent({ html }: { html: string }) {
  const nodes = useMemo(() => sanitizePlanContent(html), [html]);
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
        '& ol': { listStyle: 'decimal', paddingLeft: '1.25rem' },
      }}
    >
      {renderNodes(nodes)}
    </Box>
  );
}

function renderNodes(nodes: readonly PlanNode[]): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index));
}

function renderNode(node: PlanNode, key: number): ReactNode {
  if (node.type === 'text') return node.text;
  if (node.type === 'link') return <PlanLink key={key} node={node} />;
  const children = renderNodes(node.children);
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
      return <li key={key}>{children}</li>;
    case 'strong':
      return <strong key={key}>{children}</strong>;
    case 'em':
      return <em key={key}>{children}</em>;
    case 'br':
      return <br key={key} />;
  }
}

function PlanLink({ node }: { node: Extract<PlanNode, { type: 'link' }> }) {
  const children = renderNodes(node.children);
  if (!node.href) return <>{children}</>;
  const Icon = node.iconClass ? LINK_ICONS[node.iconClass] : null;
  const content = (
    <>
      {Icon ? (
        <Box as="span" display="inline-flex" p="1" mr="2" borderRadius="md" bg="brand.50" color="brand.700" verticalAlign="middle" aria-hidden="true">
          <Icon boxSize="4" data-plan-icon={node.iconClass ?? undefined} />
        </Box>
      ) : null}
      {children}
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
