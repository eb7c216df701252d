/// The page's one inline stylesheet.
///
/// Dark text on a warm light background (contrast above 12:1), system fonts only (nothing to
/// download), 18 px body text, tabular figures in tables. The print rules fit A4 and Letter alike
/// (`size: auto` takes the printer's paper, the margins suit both) and keep every chart, card and
/// table whole on one page (`break-inside: avoid`). A chart's data table stays folded in print, as
/// on screen: the chart and its legend carry the numbers on paper. Cards are at least 10.5rem
/// wide, so four fit a desktop row (the 46rem inside `main`: 4 × 10.5 + 3 gaps of .75 = 44.25;
/// at 11rem the fourth card wrapped alone). A value is smaller the longer it is (`SummaryCards`),
/// so `$817,860.05` and `$12,345,678.90` stay inside a card with .75rem padding (at 1.6rem the
/// first ran past the border); a longer one wraps rather than overflow.
enum Stylesheet {
  static let css = """
    :root{--ink:#1f2933;--muted:#52606d;--paper:#fbfbf8;--line:#d9dcd6;\
    --card:#ffffff;--good:#2f6b4f;--bad:#8a3b3b}
    *{box-sizing:border-box}
    html{font-size:18px;-webkit-text-size-adjust:100%}
    body{margin:0;background:var(--paper);color:var(--ink);line-height:1.5;\
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif}
    main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem 3rem}
    h1{font-size:1.9rem;line-height:1.2;margin:0 0 .25rem}
    h2{font-size:1.35rem;margin:2rem 0 .75rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
    .subtitle{color:var(--muted);margin:0 0 1rem}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(10.5rem,1fr));gap:.75rem;margin:1rem 0}
    .card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.75rem;min-width:0}
    .card p{margin:0}
    .card-label{color:var(--muted);font-size:.9rem}
    .card-value{font-size:1.6rem;font-weight:600;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
    .card-value.long{font-size:1.25rem}
    .card-value.longer{font-size:1rem}
    .card-change{font-size:.9rem}
    .card-change.improving{color:var(--good)}
    .card-change.worsening{color:var(--bad)}
    .card-comparison{color:var(--muted)}
    figure{margin:1.25rem 0;background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.75rem}
    figcaption{font-weight:600;margin-bottom:.5rem}
    figure svg{display:block;width:100%;height:auto;font-size:14px;fill:var(--ink)}
    .donut svg{max-width:16rem;margin:0 auto}
    .axis line{stroke:var(--line);stroke-width:1}
    .axis text,.x-labels text{fill:var(--muted)}
    .goal line{stroke:var(--ink);stroke-width:2;stroke-dasharray:6 4}
    .goal text{font-weight:600}
    .marker circle,.marker rect{fill:var(--ink);stroke:#fff;stroke-width:2}
    .marker text{font-weight:600}
    .legend{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
    .legend li{display:flex;align-items:center;gap:.4rem}
    .swatch{width:1rem;height:1rem;flex:none;border:1px solid var(--line)}
    .empty-state{color:var(--muted);font-style:italic;margin:1rem 0}
    details{margin-top:.5rem}
    summary{cursor:pointer;color:var(--muted)}
    .table-wrap{overflow-x:auto}
    table{border-collapse:collapse;width:100%;margin:.5rem 0;font-variant-numeric:tabular-nums}
    caption{text-align:left;font-weight:600;padding:.25rem 0}
    th,td{padding:.3rem .5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
    thead th{border-bottom:2px solid var(--muted)}
    tbody th{font-weight:normal}
    .num{text-align:right}
    .sparkline svg{display:block;width:7.5rem;height:1.75rem;margin-top:.4rem}
    .visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;\
    clip:rect(0 0 0 0);white-space:nowrap;border:0}
    @media print{
    @page{size:auto;margin:15mm 12mm}
    html{font-size:11pt}
    body{background:#fff}
    main{max-width:none;padding:0}
    figure,.card,table,.cards{break-inside:avoid;page-break-inside:avoid}
    h2{break-after:avoid;page-break-after:avoid}
    details>summary{display:none}
    details{display:block}
    }
    """
}
