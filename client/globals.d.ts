declare const __BOOTSTRAP_ITALIA_VERSION__: string;
