import type { ReactNode } from 'react';
import {
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuTrigger,
} from '../ui/menu';

export interface RadioMenuOption<T extends string> {
  value: T;
  label: ReactNode;
  testId: string;
  lang?: string;
}

/** A titled one-of-several dropdown behind a button (the language and theme menus). */
export function RadioMenu<T extends string>({
  trigger,
  title,
  contentClassName,
  value,
  options,
  onChange,
}: {
  trigger: ReactNode;
  title: ReactNode;
  contentClassName: string;
  value: T;
  options: readonly RadioMenuOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <MenuRoot>
      <MenuTrigger asChild>{trigger}</MenuTrigger>
      <MenuContent className={contentClassName}>
        <MenuLabel>{title}</MenuLabel>
        <MenuRadioGroup
          value={value}
          onValueChange={(next) => {
            const option = options.find((candidate) => candidate.value === next);
            if (option) onChange(option.value);
          }}
        >
          {options.map((option) => (
            <MenuRadioItem
              key={option.value}
              value={option.value}
              lang={option.lang}
              data-testid={option.testId}
            >
              {option.label}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </MenuRoot>
  );
}
