"""The seed business app's analytics calls (seed 003, "Step 2" and "Step 3"), made with
Supabase's own client, and its models' keys checked: python3 supabase_calls.py URL TOKEN NAME."""
import sys
from datetime import datetime, timedelta, timezone
from decimal import Decimal

from supabase import create_client

url, token, name = sys.argv[1:4]
client = create_client(url, token)

# The models of seed 003's Step 3: key -> type; every one non-optional but `subcategory`.
DECIMAL, INT, TEXT = "decimal", "int", "text"
MODELS = {
    "StoreMetrics": {"total_revenue": DECIMAL, "total_orders": INT, "avg_order_value": DECIMAL,
                     "unique_customers": INT, "revenue_change": DECIMAL, "orders_change": INT},
    "RevenueChartPoint": {"time_label": TEXT, "revenue": DECIMAL, "orders": INT},
    "TimeDistribution": {"time_period": TEXT, "order_count": INT, "revenue": DECIMAL},
    "PopularItem": {"menu_item_id": INT, "item_name": TEXT, "times_ordered": INT,
                    "total_quantity": INT, "total_revenue": DECIMAL, "avg_price": DECIMAL},
    "CategoryDistribution": {"category": TEXT, "order_count": INT, "items_sold": INT,
                             "total_revenue": DECIMAL},
}
problems = []


def check(model, rows, call):
    for row in rows:
        for key, kind in MODELS[model].items():
            value = row.get(key)
            ok = (
                (kind == INT and isinstance(value, int) and not isinstance(value, bool))
                or (kind == DECIMAL and isinstance(value, (int, float)) and not isinstance(value, bool))
                or (kind == TEXT and isinstance(value, str))
            )
            if not ok:
                problems.append(f"{name} {call}: {model}.{key} = {value!r}, expected {kind}")
    return rows


calls = 0
for store in (1, 2):
    for date_range in ("today", "week", "month"):
        rows = client.rpc("get_store_metrics",
                          {"p_store_id": store, "p_date_range": date_range}).execute().data
        check("StoreMetrics", rows, f"get_store_metrics({store}, {date_range})")
        rows = client.rpc("get_revenue_chart_data",
                          {"p_store_id": store, "p_date_range": date_range}).execute().data
        check("RevenueChartPoint", rows, f"get_revenue_chart_data({store}, {date_range})")
        calls += 2
    rows = client.table("analytics_time_distribution").select("*").eq("store_id", store).execute().data
    check("TimeDistribution", rows, f"analytics_time_distribution({store})")
    popular = client.table("analytics_popular_items").select("*").eq("store_id", store) \
        .limit(5).execute().data
    check("PopularItem", popular, f"analytics_popular_items({store})")
    calls += 2
    if store == 1:
        # 1.5 kg of cheddar: whole units for the app's Int, rounded half up.
        quantities = {row["item_name"]: row["total_quantity"] for row in popular}
        if quantities != {"Cheddar": 2, "Bread": 2}:
            problems.append(f"{name}: popular quantities {quantities}, expected Cheddar 2, Bread 2")
        # The last 7 days hold the orders placed a minute ago whatever the hour.
        today = client.rpc("get_store_metrics",
                           {"p_store_id": 1, "p_date_range": "week"}).execute().data[0]
        # 1.5 × 9.99 = 14.985 -> 14.99; 2 × 4.50 = 9.00; 23.99 over 2 orders, no customer named.
        if Decimal(str(today["total_revenue"])) != Decimal("23.99") or today["total_orders"] != 2 \
                or today["unique_customers"] != 0 or today["unique_customers_known"] is not False:
            problems.append(f"{name}: the week's metrics {today}")
rows = client.table("analytics_category_distribution").select("*").limit(10).execute().data
check("CategoryDistribution", rows, "analytics_category_distribution")
calls += 1

# The rest of migration 024 that Tally serves, through the same client.
for view in ("analytics_peak_hours", "analytics_day_of_week", "analytics_revenue_goals",
             "analytics_order_funnel"):
    rows = client.table(view).select("*").eq("store_id", 1).execute().data
    if not rows:
        problems.append(f"{name}: {view} has no row for store 1")
insights = client.rpc("get_business_insights", {"p_store_id": 1}).execute().data
if not isinstance(insights, dict) or insights.get("top_category") not in ("Deli", "Bakery") \
        or not isinstance(insights.get("peak_hour"), int):
    problems.append(f"{name}: get_business_insights {insights}")
calls += 5

# Migration 024's customer views (store 3: Dee 12.00 + 8.00, Eli 5.00; stores 1 and 2 name no
# customer), and the retention get_business_insights reads from them.
summary = client.table("analytics_store_summary").select("store_id,total_revenue,repeat_customers") \
    .order("total_revenue", desc=True).execute().data
if [(row["store_id"], Decimal(str(row["total_revenue"])), row["repeat_customers"])
        for row in summary] \
        != [("3", Decimal("25"), 1), ("1", Decimal("23.99"), 0), ("2", Decimal("0"), 0)]:
    problems.append(f"{name}: analytics_store_summary {summary}")
insight = client.table("analytics_customer_insights").select("*").eq("store_id", 3).execute().data
if len(insight) != 1 or insight[0]["total_customers"] != 2 or insight[0]["repeat_rate"] != 50.0 \
        or Decimal(str(insight[0]["avg_spent_per_customer"])) != Decimal("12.50"):
    problems.append(f"{name}: analytics_customer_insights {insight}")
top = client.table("analytics_top_customers").select("customer_name,total_orders,total_spent") \
    .in_("store_id", [1, 2, 3]).order("total_spent", desc=True).limit(10).execute().data
if [(row["customer_name"], row["total_orders"], Decimal(str(row["total_spent"]))) for row in top] \
        != [("Dee", 2, Decimal("20.00"))]:
    problems.append(f"{name}: analytics_top_customers {top}")
retention = client.rpc("get_business_insights", {"p_store_id": 3}).execute().data
if retention.get("customer_retention") != 50.0:
    problems.append(f"{name}: get_business_insights(3) {retention}")
calls += 4

# Beyond the seed's own calls, the query builder's filters and orders (issue 31): named columns,
# eq, gte and in, several order columns, limit.
week_ago = (datetime.now(timezone.utc).date() - timedelta(days=7)).isoformat()
days = client.table("analytics_daily_stats").select("date,total_revenue").eq("store_id", 1) \
    .gte("date", week_ago).order("date", desc=True).limit(7).execute().data
if len(days) != 1 or list(days[0]) != ["date", "total_revenue"] \
        or Decimal(str(days[0]["total_revenue"])) != Decimal("23.99"):
    problems.append(f"{name}: daily stats since {week_ago}: {days}")
items = client.table("analytics_popular_items").select("item_name").in_("store_id", [1, 2]) \
    .order("total_revenue", desc=True).order("item_name").execute().data
if [row["item_name"] for row in items] != ["Cheddar", "Bread"]:
    problems.append(f"{name}: popular items by revenue: {items}")
none = client.table("analytics_popular_items").select("item_name").eq("store_id", 1) \
    .lt("total_revenue", 9).execute().data
if none != []:
    problems.append(f"{name}: items under 9.00: {none}")
calls += 3

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"supabase-check {name}: {calls} calls of the seed app through supabase-py, every answer "
      "decodes with its models' keys and types")
