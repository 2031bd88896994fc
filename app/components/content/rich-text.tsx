import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Block, Section } from "#app/content/types.ts";
import { cn } from "#app/lib/cn.ts";
import { useRootData } from "#app/lib/root-data.ts";

/** `[label](href)`, `**strong**` or a `code` name. */
const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|`([^`]+)`/g;
const VARIABLE = /\{\{(\w+)\}\}/g;

export const linkClass =
  "font-medium text-primary underline underline-offset-4 hover:no-underline break-words";

/** Site-wide values the texts may name: addresses come from the server's configuration. */
function useContentValues(): Record<string, string> {
  const root = useRootData();
  return {
    supportEmail: root?.supportEmail ?? "",
    salesEmail: root?.salesEmail ?? "",
    storeUrl: root?.storeUrl ?? "/",
  };
}

function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/.test(href);
  return (
    <a href={href} className={linkClass} rel={external ? "noopener" : undefined}>
      {children}
    </a>
  );
}

/** A string of content text with its links, strong words and configured values. */
export function InlineText({ text }: { text: string }) {
  const values = useContentValues();
  const resolved = text.replace(VARIABLE, (match, name: string) => values[name] ?? match);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of resolved.matchAll(INLINE)) {
    const [whole, label, href, strong, code] = match;
    if (match.index > last) parts.push(resolved.slice(last, match.index));
    if (href) {
      parts.push(
        <InlineLink key={match.index} href={href}>
          {label}
        </InlineLink>,
      );
    } else if (strong) {
      parts.push(
        <strong key={match.index} className="font-semibold text-foreground">
          {strong}
        </strong>,
      );
    } else {
      parts.push(
        <code
          key={match.index}
          className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em] break-words"
        >
          {code}
        </code>,
      );
    }
    last = match.index + whole.length;
  }
  if (last < resolved.length) parts.push(resolved.slice(last));
  return <>{parts}</>;
}

type TableBlock = Extract<Block, { type: "table" }>;

/** A table on wider screens; one card per row on phones, where columns would be cramped. */
function ContentTable({ table }: { table: TableBlock }) {
  const columnWidth = (index: number) =>
    index === 0 ? "min-w-44" : index === table.head.length - 1 ? "min-w-36" : "";
  return (
    <>
      <div className="mt-6 hidden overflow-x-auto rounded-lg border sm:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="border-b bg-muted px-4 py-2 text-left font-semibold">
            {table.caption}
          </caption>
          <thead>
            <tr>
              {table.head.map((cell, index) => (
                <th
                  key={cell}
                  scope="col"
                  className={cn("border-b px-4 py-2 font-semibold", columnWidth(index))}
                >
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([rowHeading = "", ...cells]) => (
              <tr key={rowHeading} className="border-b align-top last:border-b-0">
                <th scope="row" className="px-4 py-2 font-medium">
                  <InlineText text={rowHeading} />
                </th>
                {cells.map((cell, index) => (
                  <td key={table.head[index + 1]} className="px-4 py-2 text-muted-foreground">
                    <InlineText text={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6 sm:hidden">
        <p className="font-semibold">{table.caption}</p>
        <ul className="mt-3 space-y-3">
          {table.rows.map(([rowHeading = "", ...cells]) => (
            <li key={rowHeading} className="rounded-lg border bg-card p-4 text-sm">
              <p className="font-semibold">
                <InlineText text={rowHeading} />
              </p>
              <dl className="mt-2 space-y-2">
                {cells.map((cell, index) => (
                  <div key={table.head[index + 1]}>
                    <dt className="font-medium">{table.head[index + 1]}</dt>
                    <dd className="text-muted-foreground">
                      <InlineText text={cell} />
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function ContentBlock({ block }: { block: Block }) {
  switch (block.type) {
    case "p":
      return (
        <p className="mt-4 leading-7">
          <InlineText text={block.text} />
        </p>
      );
    case "h3":
      return (
        <h3 className="mt-8 text-lg font-semibold">
          <InlineText text={block.text} />
        </h3>
      );
    case "list":
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 marker:text-muted-foreground">
          {block.items.map((item) => (
            <li key={item}>
              <InlineText text={item} />
            </li>
          ))}
        </ul>
      );
    case "steps":
      return (
        <ol className="mt-4 list-decimal space-y-2 pl-6 leading-7 marker:font-semibold marker:text-primary">
          {block.items.map((item) => (
            <li key={item} className="pl-1">
              <InlineText text={item} />
            </li>
          ))}
        </ol>
      );
    case "note":
      return (
        <p className="mt-6 rounded-r-lg border-l-4 border-primary bg-muted px-4 py-3 leading-7">
          <InlineText text={block.text} />
        </p>
      );
    case "table":
      return <ContentTable table={block} />;
  }
}

export function ContentBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        // Blocks never move, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <ContentBlock key={index} block={block} />
      ))}
    </>
  );
}

/** A section with its heading as an anchor (`#id`) for tables of contents. */
export function ContentSection({ section, className }: { section: Section; className?: string }) {
  return (
    <section aria-labelledby={section.id} className={cn("mt-12 first:mt-0", className)}>
      <h2 id={section.id} className="scroll-mt-24 text-2xl font-semibold tracking-tight">
        {section.heading}
      </h2>
      <ContentBlocks blocks={section.blocks} />
    </section>
  );
}
