import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn';

/** Styled pieces over Radix dropdown menus (arrow keys, Escape, Tab and typeahead built in). */
export const MenuRoot = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuGroup = DropdownMenu.Group;
export const MenuRadioGroup = DropdownMenu.RadioGroup;

export const MenuContent = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof DropdownMenu.Content>
>(function MenuContent({ className, sideOffset = 8, align = 'end', ...rest }, ref) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-56 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-border bg-surface p-1.5 text-fg shadow-pop animate-pop-in',
          'focus:outline-none',
          className,
        )}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
});

const itemClasses =
  'relative flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-fg outline-none transition-colors data-[highlighted]:bg-surface-hover data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-fg-muted';

export const MenuItem = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof DropdownMenu.Item>
>(function MenuItem({ className, ...rest }, ref) {
  return <DropdownMenu.Item ref={ref} className={cn(itemClasses, className)} {...rest} />;
});

export const MenuRadioItem = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof DropdownMenu.RadioItem>
>(function MenuRadioItem({ className, children, ...rest }, ref) {
  return (
    <DropdownMenu.RadioItem
      ref={ref}
      className={cn(itemClasses, 'data-[state=checked]:font-medium', className)}
      {...rest}
    >
      {children}
      <DropdownMenu.ItemIndicator className="ml-auto">
        <span className="block size-2 rounded-full bg-primary" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
});

export function MenuSeparator({ className }: { className?: string }) {
  return <DropdownMenu.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} />;
}

export function MenuLabel({
  className,
  ...rest
}: ComponentPropsWithoutRef<typeof DropdownMenu.Label>) {
  return (
    <DropdownMenu.Label
      className={cn('px-2.5 pb-1 pt-1.5 text-xs font-medium text-fg-subtle', className)}
      {...rest}
    />
  );
}
