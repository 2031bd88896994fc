import { useTranslation } from "react-i18next";

/** Formats an amount ("1.99") as the reader's language writes a US-dollar price. */
export function usePriceFormatter() {
  const { t } = useTranslation("marketing");
  return (amount: string) =>
    t("price.amount", { price: amount.replace(".", t("price.decimalSeparator")) });
}
