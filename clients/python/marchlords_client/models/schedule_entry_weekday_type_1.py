from enum import StrEnum


class ScheduleEntryWeekdayType1(StrEnum):
    FRI = "fri"
    FRIDAY = "friday"
    MON = "mon"
    MONDAY = "monday"
    SAT = "sat"
    SATURDAY = "saturday"
    SUN = "sun"
    SUNDAY = "sunday"
    THU = "thu"
    THURSDAY = "thursday"
    TUE = "tue"
    TUESDAY = "tuesday"
    WED = "wed"
    WEDNESDAY = "wednesday"

    def __str__(self) -> str:
        return str(self.value)
